"""An exercise handed out as a notebook and graded by nbgrader with forcelab's kernel: `nbgrader generate_assignment`
makes the students' version of a small assignment (a ring force, as examples/exercises/radial.lua asks for), one
student hands in a correct force and one a force that does nothing, and `nbgrader autograde` runs both in the
kernel and scores them: 3 of 3 points, and 1 of 3 (its centroid test passes, its positions test fails).
Run by scripts/test-kernel: python test_nbgrader.py FORCELAB (in scripts/python/nbgrader.txt's environment)."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from kernel_client import install

FORCELAB = sys.argv.pop(1) if len(sys.argv) > 1 else "forcelab"

TASK = """Write a force that pulls every node towards the circle of radius 120 around the origin, as d3's forceRadial
does: add (120 - r) * 0.1 * alpha / r times a node's offset (x, y) to its velocity, r its distance from the origin.
Define it as `ring(alpha, nodes)`."""

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The answer: radial.lua's model solution, as the function the tests call.
with open(os.path.join(ROOT, "examples", "exercises", "radial.solution.lua"), encoding="utf-8") as model:
    SOLUTION = "-- BEGIN SOLUTION\n" + model.read().replace("return function(alpha, nodes)", "function ring(alpha, nodes)") + "-- END SOLUTION"
assert "function ring(alpha, nodes)" in SOLUTION

# The tests lay out a grid with the student's force and with the built-in one, as the exercise does.
LAYOUT = """function layout(force)
  local g = fl.graph.generate("grid", {rows = 5, columns = 5})
  local sim = fl.simulation(g)
  sim:force("charge", fl.force.manyBody{strength = -20})
  sim:force("ring", force)
  sim:tick(120)
  return g
end"""

POSITIONS = """local mine, model = layout(ring), layout(fl.force.radial{radius = 120, strength = 0.1})
local worst = 0
for node in model:nodes() do
  local other = mine:node(node.id)
  worst = math.max(worst, math.sqrt((other.x - node.x) ^ 2 + (other.y - node.y) ^ 2))
end
assert(worst <= 1e-6, "positions: max deviation " .. worst .. " > 1e-6")"""

CENTROID = """local g, x, y = layout(ring), 0, 0
for node in g:nodes() do x, y = x + node.x, y + node.y end
x, y = x / #g:nodes(), y / #g:nodes()
assert(math.sqrt(x * x + y * y) <= 5, "centroid: (" .. x .. ", " .. y .. ") is farther than 5 from the origin")"""

CONFIG = """c = get_config()
c.CourseDirectory.db_assignments = [dict(name="ring")]
c.CourseDirectory.db_students = [dict(id="ann"), dict(id="ben")]
c.ClearSolutions.code_stub = dict(lua="-- YOUR CODE HERE\\nerror('No Answer Given!')")
"""


def cell(kind, source, grade_id, **nbgrader):
    """A cell with nbgrader's metadata (`solution`, `grade`, `locked`, `points`)."""
    made = new_code_cell(source) if kind == "code" else new_markdown_cell(source)
    made.metadata["nbgrader"] = dict(dict(solution=False, grade=False, locked=False), grade_id=grade_id, schema_version=3, **nbgrader)
    return made


def assignment():
    """The teacher's notebook: the task, the answer cell (the solution between its delimiters) and two test cells."""
    notebook = new_notebook(cells=[
        cell("markdown", TASK, "task", locked=True),
        cell("code", SOLUTION, "answer", solution=True),
        cell("code", LAYOUT, "layout", locked=True),
        cell("code", POSITIONS, "positions", grade=True, locked=True, points=2),
        cell("code", CENTROID, "centroid", grade=True, locked=True, points=1),
    ])
    notebook.metadata["kernelspec"] = dict(name="forcelab", display_name="forcelab (Lua)", language="lua")
    notebook.metadata["language_info"] = dict(name="lua", version="5.4", mimetype="text/x-lua", file_extension=".lua")
    return notebook


class NbgraderTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        install(FORCELAB)

    def nbgrader(self, *arguments, course):
        # nbgrader runs the environment's `alembic` by name: its bin folder goes first on PATH.
        environment = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        run = subprocess.run([sys.executable, "-m", "nbgrader", *arguments], cwd=course, capture_output=True, text=True,
                             timeout=300, env=environment)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        return run

    def test_autograde_scores_a_correct_and_a_wrong_submission(self):
        course = tempfile.mkdtemp(prefix="forcelab-nbgrader-")
        with open(os.path.join(course, "nbgrader_config.py"), "w", encoding="utf-8") as config:
            config.write(CONFIG)
        os.makedirs(os.path.join(course, "source", "ring"))
        nbformat.write(assignment(), os.path.join(course, "source", "ring", "ring.ipynb"))
        self.nbgrader("generate_assignment", "ring", "--force", course=course)
        released = nbformat.read(os.path.join(course, "release", "ring", "ring.ipynb"), as_version=4)
        answer = released.cells[1]
        self.assertNotIn("math.sqrt", answer.source, "the students' version has no solution")
        self.assertIn("error('No Answer Given!')", answer.source)
        for student, code in [("ann", SOLUTION), ("ben", "function ring(alpha, nodes) end")]:
            handed_in = nbformat.read(os.path.join(course, "release", "ring", "ring.ipynb"), as_version=4)
            handed_in.cells[1].source = code
            folder = os.path.join(course, "submitted", student, "ring")
            os.makedirs(folder)
            nbformat.write(handed_in, os.path.join(folder, "ring.ipynb"))
        self.nbgrader("autograde", "ring", "--force", course=course)
        from nbgrader.api import Gradebook
        with Gradebook("sqlite:///" + os.path.join(course, "gradebook.db")) as gradebook:
            scores = {student: gradebook.find_submission("ring", student).score for student in ["ann", "ben"]}
            self.assertEqual(gradebook.find_assignment("ring").max_score, 3)
            self.assertEqual(gradebook.find_grade("positions", "ring", "ring", "ben").auto_score, 0)
            self.assertEqual(gradebook.find_grade("centroid", "ring", "ring", "ben").auto_score, 1)
        self.assertEqual(scores, {"ann": 3, "ben": 1})
        # The autograded notebook shows why: the failing test's error, from the kernel.
        graded = nbformat.read(os.path.join(course, "autograded", "ben", "ring", "ring.ipynb"), as_version=4)
        errors = [output for output in graded.cells[3].outputs if output.output_type == "error"]
        self.assertEqual(len(errors), 1)
        self.assertIn("positions: max deviation", errors[0].evalue)
        shutil.rmtree(course)


if __name__ == "__main__":
    unittest.main()
