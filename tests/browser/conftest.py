"""Fixtures for the real-browser tests: one JupyterLab for the session, one Chromium for each module."""

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from .lab import CHROMIUM, CHROMIUM_ARGS, EVERY_FRONT_END, FRONT_ENDS, Lab, LabServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="session")
def lab_server():
    """One JupyterLab for the session: a server process, no Playwright in this process (see browser)."""
    server = LabServer(Path(tempfile.mkdtemp(prefix="bgwidget-lab-")))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def lab(lab_server, request):
    """The module's folder on the session's JupyterLab; the module's kernels and settings go with it."""
    yield Lab(lab_server, request.module.__name__.rpartition(".")[2])
    lab_server.forget()


# Module scope: Playwright's sync API keeps an asyncio loop running while it is open, which
# must not leak into the tests that come after.
@pytest.fixture(scope="module")
def browser():
    assert os.path.exists(CHROMIUM), "Debian's chromium is needed (scripts/test installs it)"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 1150})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def pytest_generate_tests(metafunc):
    """With ``BGWIDGET_FRONT_ENDS=all``, every test on a notebook page (one taking ``lab``) that does
    not choose its front end itself (nor is marked ``jupyterlab_only``) runs in JupyterLab and in
    Notebook 7."""
    if (
        EVERY_FRONT_END
        and "lab" in metafunc.fixturenames
        and "front_end" not in metafunc.fixturenames
        and not metafunc.definition.get_closest_marker("jupyterlab_only")
    ):
        metafunc.parametrize("shown_in", FRONT_ENDS, indirect=True)


@pytest.fixture(autouse=True)
def shown_in(request):
    """The front end this test opens its notebooks in (``lab.front_end``): JupyterLab unless
    parametrized by :func:`pytest_generate_tests`."""
    front_end = getattr(request, "param", "lab")
    if "lab" in request.fixturenames:
        request.getfixturevalue("lab").front_end = front_end
    return front_end
