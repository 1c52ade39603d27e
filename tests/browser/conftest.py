"""Fixtures for the real-browser tests: one JupyterLab and one Chromium for the session."""

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from .lab import CHROMIUM, CHROMIUM_ARGS, Lab

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


# Module scope: Playwright's sync API keeps an asyncio loop running while it is open, which
# must not leak into the tests that come after.
@pytest.fixture(scope="module")
def lab():
    folder = Path(tempfile.mkdtemp(prefix="bgwidget-lab-"))
    server = Lab(folder)
    yield server
    server.stop()


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
