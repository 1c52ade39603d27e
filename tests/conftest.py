"""pytest fixtures shared by the tests (plain helpers live in helpers.py)."""

import pytest


@pytest.fixture(scope="session")
def gnubg_nn():
    return pytest.importorskip("gnubg_nn", reason="the gnubg-nn oracle is in the test extra")
