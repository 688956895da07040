"""The tutorial's notebooks (docs/notebooks, made by scripts/make-notebooks from examples/tutorial) are in step
with their scripts, and nbclient runs each in forcelab's kernel with the same printed figures and the same
pictures as the script run alone. Run by scripts/test-kernel: python test_notebooks.py FORCELAB."""
import filecmp
import os
import re
import subprocess
import sys
import tempfile
import unittest

import nbformat
from nbclient import NotebookClient

from kernel_client import install

FORCELAB = sys.argv.pop(1) if len(sys.argv) > 1 else "forcelab"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTEBOOKS = os.path.join(ROOT, "docs", "notebooks")
TUTORIAL = os.path.join(ROOT, "examples", "tutorial")


class NotebookTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        install(FORCELAB)

    def test_notebooks_are_made_from_the_tutorial(self):
        fresh = tempfile.mkdtemp(prefix="forcelab-notebooks-")
        subprocess.run([os.path.join(ROOT, "scripts", "make-notebooks"), fresh], check=True)
        names = sorted(os.listdir(fresh))
        self.assertEqual(names, sorted(os.listdir(NOTEBOOKS)))
        self.assertEqual(len(names), len([n for n in os.listdir(TUTORIAL) if n.endswith(".lua")]))
        _, mismatch, errors = filecmp.cmpfiles(fresh, NOTEBOOKS, names, shallow=False)
        self.assertEqual(mismatch + errors, [], "run scripts/make-notebooks")

    def test_each_notebook_shows_what_its_script_makes(self):
        for name in sorted(os.listdir(NOTEBOOKS)):
            with self.subTest(notebook=name):
                step = name[:-len(".ipynb")]
                alone = tempfile.mkdtemp(prefix="forcelab-script-")
                script = subprocess.run([FORCELAB, os.path.join(TUTORIAL, step + ".lua")], cwd=alone,
                                        capture_output=True, text=True, check=True)
                notebook = nbformat.read(os.path.join(NOTEBOOKS, name), as_version=4)
                # The notebook runs where it lies in the tree (docs/notebooks), so it finds examples/data as a user's does.
                tree = tempfile.mkdtemp(prefix="forcelab-notebook-")
                os.symlink(os.path.join(ROOT, "examples"), os.path.join(tree, "examples"))
                folder = os.path.join(tree, "docs", "notebooks")
                os.makedirs(folder)
                NotebookClient(notebook, kernel_name="forcelab", timeout=120,
                               resources={"metadata": {"path": folder}}).execute()
                outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
                self.assertEqual([o for o in outputs if o.output_type == "error"], [])
                printed = "".join(o.text for o in outputs if o.output_type == "stream" and o.name == "stdout")
                # Times measured (09-theta's "ms for the tick") differ from run to run; all else is the same.
                timed = re.compile(r" *\d+\.\d+ ms")
                self.assertEqual(timed.sub("ms", printed), timed.sub("ms", script.stdout))
                pictures = sorted(o.data["image/svg+xml"] for o in outputs
                                  if o.output_type == "display_data" and "image/svg+xml" in o.data)
                written = sorted(os.listdir(os.path.join(alone, "out")))
                self.assertTrue(written)
                files = []
                for file in written:
                    with open(os.path.join(alone, "out", file), encoding="utf-8") as opened:
                        files.append(opened.read())
                self.assertEqual(pictures, sorted(files))
                self.assertEqual(sorted(os.listdir(os.path.join(folder, "out"))), written)


if __name__ == "__main__":
    unittest.main(verbosity=2)
