"""A notebook run in JupyterLab and in Notebook 7 in headless Chromium (selenium): the forcelab kernel starts from
its kernelspec, Run All runs the cells, a graph shows as an inline SVG and a replay plays in its frame. Screenshots go to
$FORCELAB_SCREENSHOTS (default: a temporary folder, printed). Run by scripts/test-kernel when Chromium and
chromedriver are installed: python test_lab.py FORCELAB."""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

import nbformat
from selenium import webdriver
from selenium.webdriver.common.by import By

from kernel_client import install

FORCELAB = sys.argv.pop(1) if len(sys.argv) > 1 else "forcelab"
CELLS = [
    "g = fl.graph.generate('miserables')\nsim = fl.simulation(g)\n"
    "sim:force('link', fl.force.link{})\nsim:force('charge', fl.force.manyBody{})\nsim:force('center', fl.force.center{})\n"
    "rec = sim:record{every = 5}\nsim:run()",
    "g",
    "rec",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer(unittest.TestCase):
    """A JupyterLab server with the forcelab kernel and a notebook `lab.ipynb` of the class's `cells`, and headless
    Chromium to open it; the tests are the subclasses'."""
    cells = CELLS

    @classmethod
    def setUpClass(cls):
        jupyter = install(FORCELAB)
        cls.folder = tempfile.mkdtemp(prefix="forcelab-lab-")
        cls.shots = os.environ.get("FORCELAB_SCREENSHOTS") or tempfile.mkdtemp(prefix="forcelab-lab-shots-")
        os.makedirs(cls.shots, exist_ok=True)
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(code) for code in cls.cells]
        notebook.metadata["kernelspec"] = {"name": "forcelab", "display_name": "forcelab (Lua)", "language": "lua"}
        nbformat.write(notebook, os.path.join(cls.folder, "lab.ipynb"))
        cls.port, cls.token = free_port(), "forcelab-test"
        environment = dict(os.environ, JUPYTER_PATH=jupyter, JUPYTER_CONFIG_DIR=tempfile.mkdtemp(),
                           JUPYTER_RUNTIME_DIR=tempfile.mkdtemp())
        cls.server = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={cls.port}", "--ip=127.0.0.1",
             f"--IdentityProvider.token={cls.token}", f"--ServerApp.root_dir={cls.folder}", "--allow-root"],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{cls.port}/api/status?token={cls.token}", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1600"]:
            options.add_argument(flag)
        cls.driver = webdriver.Chrome(service=webdriver.ChromeService(shutil.which("chromedriver")), options=options)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=30)

    def wait_for(self, find, seconds=60, what=""):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = find()
            if found:
                return found
            time.sleep(0.25)
        self.driver.save_screenshot(os.path.join(self.shots, "lab-timeout.png"))
        self.fail(f"timed out waiting for {what} (screenshot in {self.shots})")


class LabTests(LabServer):
    """The notebook of CELLS run in JupyterLab and Notebook 7."""

    def test_jupyterlab_runs_the_notebook(self):
        self.run_all_and_check("lab", "/lab/tree/lab.ipynb")

    def test_notebook_7_runs_the_notebook(self):
        self.run_all_and_check("notebook7", "/notebooks/lab.ipynb")

    def run_all_and_check(self, front_end, path):
        """Opens the notebook at `path`, runs all its cells, checks the SVG and the replay; screenshots named after
        `front_end`."""
        driver = self.driver
        driver.get(f"http://127.0.0.1:{self.port}{path}?token={self.token}")
        self.wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".jp-Notebook .jp-Cell"), what="the notebook")
        # Cells run once the kernel has started (Run All before that waits for it).
        time.sleep(2)
        driver.find_element(By.XPATH, "//div[contains(@class,'lm-MenuBar-itemLabel') and text()='Run']").click()
        self.wait_for(lambda: driver.find_elements(By.XPATH, "//div[contains(@class,'lm-Menu-itemLabel') and text()='Run All Cells']"),
                      what="the Run menu")[0].click()
        svg = self.wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".jp-RenderedSVG img, .jp-RenderedSVG svg"),
                            seconds=120, what="an inline SVG")
        self.assertTrue(svg[0].is_displayed())
        driver.execute_script("arguments[0].scrollIntoView()", svg[0])
        driver.save_screenshot(os.path.join(self.shots, f"{front_end}-svg.png"))
        frame = self.wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".jp-OutputArea-output iframe"),
                              seconds=120, what="the replay's frame")[0]
        driver.execute_script("arguments[0].scrollIntoView()", frame)
        time.sleep(1)
        driver.save_screenshot(os.path.join(self.shots, f"{front_end}-notebook.png"))
        driver.switch_to.frame(frame)
        self.wait_for(lambda: driver.execute_script("return !!window.forcelabReplay"), what="the replay's script")
        # Drawn to the frame's size: neither blank nor one node blown up over all of it.
        inked = self.wait_for(lambda: driver.execute_script(
            "var c = document.getElementById('view'); if (c.width < 100) return 0;"
            "var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, ink = 0;"
            "for (var i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 600) ink++;"
            "var share = ink / (d.length / 4); return share > 0.002 && share < 0.5 ? share : 0;"),
            seconds=10, what="the replay drawn (not blank, not one colour)")
        self.assertGreater(inked, 0)
        first = int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-frame") or 0)
        driver.find_element(By.ID, "play").click()
        self.wait_for(lambda: int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-frame") or 0) > first,
                      seconds=10, what="the replay to play")
        driver.switch_to.default_content()
        driver.save_screenshot(os.path.join(self.shots, f"{front_end}-replay-playing.png"))
        print(f"screenshots in {self.shots}", file=sys.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
