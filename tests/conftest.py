"""pytest fixtures shared by the tests (plain helpers live in helpers.py)."""

import pytest


@pytest.fixture(scope="session")
def gnubg_nn():
    return pytest.importorskip("gnubg_nn", reason="the gnubg-nn oracle is in the test extra")


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: unknown without it (-p no:xdist)
def pytest_xdist_make_scheduler(config, log):
    """With ``-n`` (scripts/test), every browser test on one worker, so that one JupyterLab and one
    Chromium serve them while the other workers take the rest, a module at a time (its fixtures
    built once). pytest-xdist's own ``xdist_group`` marks are not used: pytest 9.2 no longer reads
    the node ids they rename."""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if nodeid.startswith("tests/browser/") else nodeid.partition("::")[0]

    # The scopes in the order collected, the browser tests first (the longest group, so that it
    # starts at once); xdist's default orders them by their number of tests.
    config.option.loadscopereorder = False
    return Scheduling(config, log)
