"""forcelab's Jupyter kernel driven by jupyter_client: every message type, interrupts, limits and a killed kernel.
Run by scripts/test-kernel: python test_kernel.py FORCELAB."""
import os
import re
import signal
import sys
import time
import unittest

from kernel_client import install, start, run, outputs, stdout, dumps

FORCELAB = sys.argv.pop(1) if len(sys.argv) > 1 else "forcelab"


class KernelTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        install(FORCELAB)
        cls.manager, cls.client = start()

    @classmethod
    def tearDownClass(cls):
        cls.client.stop_channels()
        cls.manager.shutdown_kernel(now=False)

    def test_kernel_info(self):
        reply = self.client.kernel_info(reply=True, timeout=10)["content"]
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(reply["implementation"], "forcelab")
        self.assertEqual(reply["language_info"]["name"], "lua")
        self.assertGreaterEqual(tuple(map(int, reply["protocol_version"].split("."))), (5, 3))

    def test_execute_counts_input_result_and_status(self):
        reply, messages = run(self.client, "1 + 41")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        count = reply["execution_count"]
        kinds = [m["msg_type"] for m in messages]
        self.assertEqual(kinds[0], "status")
        self.assertEqual(messages[0]["content"]["execution_state"], "busy")
        self.assertIn("execute_input", kinds)
        self.assertEqual(outputs(messages, "execute_input")[0]["execution_count"], count)
        result = outputs(messages, "execute_result")[0]
        self.assertEqual(result["data"]["text/plain"], "42")
        self.assertEqual(result["execution_count"], count)
        reply2, _ = run(self.client, "x_unused = 1")
        self.assertEqual(reply2["execution_count"], count + 1)

    def test_top_level_locals_survive_and_last_expression_shows(self):
        run(self.client, "local g = fl.graph.new()\nlocal n <const> = 3\nlocal function add(a, b) return a + b end")
        reply, messages = run(self.client, "g:addNode{id = 'a'}\nadd(n, 4)")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "7")

    def test_an_expression_after_a_semicolon_on_the_last_line_shows(self):
        # As IPython shows `a = 1; a`; a `;` in a string or a comment splits nothing.
        reply, messages = run(self.client, "local g = fl.graph.new(); g:addNode{id = 'a'}; g:nodeCount() + 1")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "2")
        reply, messages = run(self.client, "first = 1\nsemi = 'x; y'; #semi")
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "4", dumps(reply))
        reply, messages = run(self.client, "commented = 1 -- then; commented")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        self.assertEqual(outputs(messages, "execute_result"), [])

    def test_only_top_level_locals_become_globals(self):
        code = "\n".join([
            "local a, b = 1, 2",
            "local unset",
            "local s = 'local inside = 1' -- local in a comment",
            "local long = [[",
            "local neither = 1]]",
            "do local hidden = 1 end",
            "local function f() local inner = 1 return inner end",
            "for i = 1, 2 do local loop = i end",
            "if a then local branch = 1 end",
            "local closed <close> = nil",
        ])
        reply, _ = run(self.client, code)
        self.assertEqual(reply["status"], "ok", dumps(reply))
        reply, messages = run(self.client, "a, b, unset, s, f(), inside, neither, hidden, inner, loop, branch, closed")
        shown = outputs(messages, "execute_result")[0]["data"]["text/plain"]
        self.assertEqual(shown.split("\t"), ["1", "2", "nil", "local inside = 1", "1"] + ["nil"] * 7)

    def test_print_io_write_and_stderr_are_streams(self):
        reply, messages = run(self.client, "print('hello', 1)\nio.write('a', 'b', '\\n')\nio.stderr:write('warn\\n')")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        self.assertEqual(stdout(messages), "hello\t1\nab\n")
        self.assertEqual("".join(c["text"] for c in outputs(messages, "stream") if c["name"] == "stderr"), "warn\n")

    def test_errors_name_the_cell_and_line(self):
        reply, messages = run(self.client, "local a = 1\nerror('boom')")
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "LuaError")
        self.assertRegex(reply["evalue"], r"^In \[\d+\]:2: boom$")
        self.assertTrue(any("stack traceback" in line for line in reply["traceback"]), reply["traceback"])
        self.assertEqual(outputs(messages, "error")[0]["evalue"], reply["evalue"])
        reply, _ = run(self.client, "x = = 1")
        self.assertEqual(reply["ename"], "SyntaxError")
        self.assertRegex(reply["evalue"], r"^In \[\d+\]:1:")

    def test_cells_waiting_behind_an_error_are_aborted(self):
        failing = self.client.execute("for i = 1, 2e6 do end\nerror('stop here')")
        waiting = self.client.execute("not_run = true")
        replies = {}
        for _ in range(2):
            reply = self.client.get_shell_msg(timeout=30)
            replies[reply["parent_header"]["msg_id"]] = reply["content"]
        self.assertEqual(replies[failing]["status"], "error")
        self.assertEqual(replies[waiting]["status"], "aborted")
        _, messages = run(self.client, "not_run")
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "nil")
        reply, _ = run(self.client, "error('again')", stop_on_error=False)
        self.assertEqual(reply["status"], "error")

    def test_input_request_reads_a_line(self):
        msg_id = self.client.execute("answer = io.read('n')\nanswer * 2", allow_stdin=True)
        request = self.client.get_stdin_msg(timeout=10)
        self.assertEqual(request["msg_type"], "input_request")
        self.client.input("21")
        reply = self.client.get_shell_msg(timeout=10)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertEqual(reply["content"]["status"], "ok", dumps(reply["content"]))
        reply, messages = run(self.client, "answer")
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "21")

    def test_complete(self):
        code = "fl.force.ma"
        reply = self.client.complete(code, len(code), reply=True, timeout=10)["content"]
        self.assertIn("fl.force.manyBody", reply["matches"])
        self.assertEqual((reply["cursor_start"], reply["cursor_end"]), (0, len(code)))
        run(self.client, "sim = fl.simulation(fl.graph.generate('grid', {rows = 2, columns = 2}))")
        code = "x = sim:fo"
        reply = self.client.complete(code, len(code), reply=True, timeout=10)["content"]
        self.assertIn("sim:force", reply["matches"])
        self.assertEqual(reply["cursor_start"], 4)
        # A node's declared fields, though no simulation or layout has given it a position yet.
        run(self.client, "les = fl.graph.generate('miserables')")
        code = 'les:node("Valjean").'
        reply = self.client.complete(code, len(code), reply=True, timeout=10)["content"]
        self.assertTrue({".x", ".y", ".fx", ".fy", ".group"} <= set(reply["matches"]), dumps(reply))
        self.assertEqual(reply["cursor_start"], len(code) - 1)
        code = 'les:node("Valjean").f'
        reply = self.client.complete(code, len(code), reply=True, timeout=10)["content"]
        self.assertEqual(reply["matches"], [".fx", ".fy", ".fz"])

    def test_complete_option_names_in_an_options_table(self):
        for code, expected in [("fl.force.manyBody{th", ["theta"]), ("sim:run{strength = 1, max", ["maxTicks"]),
                               ("fl.svg.graph(g, nil, {wi", ["width"]), ("forcelab.force.link{ite", ["iterations"])]:
            reply = self.client.complete(code, len(code), reply=True, timeout=10)["content"]
            self.assertEqual(reply["matches"], expected, code)
            typed = re.search(r"\w*$", code).group()
            self.assertEqual((reply["cursor_start"], reply["cursor_end"]), (len(code) - len(typed), len(code)))

    def test_inspect(self):
        code = "fl.force.manyBody{"
        reply = self.client.inspect(code, len("fl.force.manyBo"), reply=True, timeout=10)["content"]
        self.assertTrue(reply["found"], dumps(reply))
        self.assertIn("theta", reply["data"]["text/plain"])
        for code in ["fl.force.manyBody{", "fl.force.manyBody{ ", "fl.force.manyBody{th", "x = fl.force.manyBody({strength = 1, "]:
            reply = self.client.inspect(code, len(code), reply=True, timeout=10)["content"]
            self.assertIn("distanceMax", reply["data"]["text/plain"], code)
        reply = self.client.inspect("nothing_here_at_all", 3, reply=True, timeout=10)["content"]
        self.assertFalse(reply["found"])

    def test_is_complete(self):
        def status(code):
            msg_id = self.client.is_complete(code)
            reply = self.client.get_shell_msg(timeout=10)
            self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
            return reply["content"]
        self.assertEqual(status("x = 1")["status"], "complete")
        self.assertEqual(status("for i = 1, 3 do")["status"], "incomplete")
        self.assertEqual(status("x = = 1")["status"], "invalid")

    def test_history(self):
        run(self.client, "history_marker = 'h1'")
        reply = self.client.history(hist_access_type="tail", n=50, reply=True, timeout=10)["content"]
        self.assertEqual(reply["status"], "ok")
        self.assertIn("history_marker = 'h1'", [entry[2] for entry in reply["history"]])
        reply = self.client.history(hist_access_type="search", pattern="history_marker*", reply=True, timeout=10)["content"]
        self.assertEqual([entry[2] for entry in reply["history"]], ["history_marker = 'h1'"])

    def test_comm_info(self):
        msg_id = self.client.comm_info()
        reply = self.client.get_shell_msg(timeout=10)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertEqual(reply["content"], {"status": "ok", "comms": {}})

    def test_interrupt_by_signal_and_by_message(self):
        for mode in ("signal", "message"):
            with self.subTest(mode=mode):
                msg_id = self.client.execute("while true do end")
                time.sleep(0.5)
                started = time.monotonic()
                if mode == "signal":
                    self.manager.interrupt_kernel()
                else:
                    request = self.client.session.msg("interrupt_request", {})
                    self.client.control_channel.send(request)
                    reply = self.client.get_control_msg(timeout=10)
                    self.assertEqual(reply["msg_type"], "interrupt_reply")
                reply = self.client.get_shell_msg(timeout=10)
                self.assertLess(time.monotonic() - started, 1.0)
                self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
                self.assertEqual(reply["content"]["ename"], "Interrupted")
                self.assertIn("interrupted", reply["content"]["evalue"])
                after, messages = run(self.client, "'alive'")
                self.assertEqual(after["status"], "ok", dumps(after))
                self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "alive")

    def test_interrupt_a_long_simulation_and_a_lua_force(self):
        cells = [
            "local g = fl.graph.generate('grid', {rows = 60, columns = 60})\n"
            "local s = fl.simulation(g, {alphaMin = 0, alphaDecay = 0})\n"
            "s:run{maxTicks = 100000000}",
            "local g = fl.graph.generate('grid', {rows = 3, columns = 3})\n"
            "local s = fl.simulation(g)\n"
            "s:force('spin', function(alpha) while true do end end)\n"
            "s:run()",
        ]
        for code in cells:
            msg_id = self.client.execute(code)
            time.sleep(1.0)
            started = time.monotonic()
            self.manager.interrupt_kernel()
            reply = self.client.get_shell_msg(timeout=10)
            self.assertLess(time.monotonic() - started, 1.0, code)
            self.assertEqual(reply["content"]["ename"], "Interrupted", dumps(reply["content"]))
            after, messages = run(self.client, "1")
            self.assertEqual(after["status"], "ok", dumps(after))
            self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "1")


class PictureTests(unittest.TestCase):
    """Pictures inline: results, fl.display, picture functions without a path, progress and animation in place."""

    @classmethod
    def setUpClass(cls):
        install(FORCELAB)
        cls.manager, cls.client = start()
        reply, cls.run_messages = run(cls.client, "g = fl.graph.generate('grid', {rows = 4, columns = 4})\n"
                                      "sim = fl.simulation(g)\nrec = sim:record{every = 10}\nsim:run()")
        assert reply["status"] == "ok", reply

    @classmethod
    def tearDownClass(cls):
        cls.client.stop_channels()
        cls.manager.shutdown_kernel(now=True)

    def displays(self, messages):
        return [m for m in messages if m["msg_type"] in ("display_data", "update_display_data")]

    def test_a_graph_result_is_its_svg(self):
        _, messages = run(self.client, "g")
        data = outputs(messages, "execute_result")[0]["data"]
        self.assertEqual(data["text/plain"], "Graph(16 nodes, 24 edges)")
        self.assertTrue(data["image/svg+xml"].startswith("<?xml"))
        self.assertEqual(data["image/svg+xml"].count("<circle"), 16)

    def test_a_graph_without_positions_says_its_cell_line_and_what_to_do(self):
        reply, _ = run(self.client, "loose = fl.graph.generate('miserables')\n\nloose\n")
        self.assertEqual(reply["status"], "error")
        self.assertRegex(reply["evalue"], r"^In \[\d+\]:3: the cell's result cannot be drawn: node 'Myriel' has no position: "
                                          r"give it x and y, or run a simulation or a layout first$")

    def test_a_recording_result_is_a_replay_in_its_own_frame(self):
        _, messages = run(self.client, "rec")
        html = outputs(messages, "execute_result")[0]["data"]["text/html"]
        self.assertTrue(html.startswith("<iframe srcdoc=\"<!DOCTYPE html>"), html[:80])
        self.assertIn('sandbox="allow-scripts"', html)

    def test_display_and_picture_functions_without_a_path(self):
        cells = {
            "fl.display(g, {width = 300, height = 200})": 'width="300"',
            "fl.svg.graph(g)": "<svg",
            "fl.svg.plot{series = {{name = 'y', y = {1, 4, 9}}}}": "<svg",
            "fl.svg.radar{axes = {'a', 'b', 'c'}, series = {{name = 'x', values = {1, 2, 3}}}}": "<svg",
            "fl.display('<b>bold</b>')": None,
        }
        for code, mark in cells.items():
            reply, messages = run(self.client, code)
            self.assertEqual(reply["status"], "ok", dumps(reply))
            shown = self.displays(messages)
            self.assertEqual(len(shown), 1, code)
            data = shown[0]["content"]["data"]
            if mark:
                self.assertIn(mark, data["image/svg+xml"], code)
            else:
                self.assertEqual(data["text/html"], "<b>bold</b>")

    def test_a_live_page_shows_inline_and_ticks_between_cells(self):
        """fl.live in a cell: the page in an iframe of its URL; the cell returns at once, and while a page (tornado's
        WebSocket client, which the Jupyter server brings) watches, the simulation ticks between cells, a page's
        drag reaches the session, and the session's change reaches the page."""
        import json
        from tornado.ioloop import IOLoop
        from tornado.websocket import websocket_connect
        reply, messages = run(self.client, "lg = fl.graph.generate('grid', {rows = 3, columns = 3})\n"
                              "lsim = fl.simulation(lg, {alphaDecay = 0})\nlsim:force('charge', fl.force.manyBody{})\n"
                              "url = fl.live(lsim)")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        html = self.displays(messages)[0]["content"]["data"]["text/html"]
        url = re.search(r'src="([^"]+)"', html).group(1)
        self.assertTrue(url.startswith("http://127.0.0.1:"), html)
        port, token = url.split(":")[2].split("/")[0], url.split("token=")[1]

        async def watch():
            socket = await websocket_connect(
                __import__("tornado.httpclient").httpclient.HTTPRequest(
                    f"ws://127.0.0.1:{port}/socket?token={token}", headers={"Origin": f"http://127.0.0.1:{port}"}))
            scene = json.loads(await socket.read_message())
            frames = 0
            while frames < 10:
                if isinstance(await socket.read_message(), bytes):
                    frames += 1
            await socket.write_message(json.dumps({"type": "drag", "node": 0, "x": 40, "y": 20}))
            return socket, scene, frames

        socket, scene, frames = IOLoop.current().run_sync(watch, timeout=20)
        self.assertEqual(scene["type"], "scene")
        self.assertEqual(len(scene["nodes"]), 9)
        self.assertEqual(frames, 10)
        time.sleep(0.5)
        _, messages = run(self.client, "print(lsim:nodes()[1].fx, lsim:nodes()[1].fy)\nlg:addNode{id = 'new'}")
        self.assertEqual(stdout(messages), "40.0\t20.0\n")

        async def next_scene():
            while True:
                message = await socket.read_message()
                if isinstance(message, str) and json.loads(message)["type"] == "scene":
                    return json.loads(message)

        self.assertEqual(len(IOLoop.current().run_sync(next_scene, timeout=10)["nodes"]), 10)
        reply, messages = run(self.client, "fl.live.stop(lsim)")
        self.assertEqual(reply["status"], "ok", dumps(reply))

    def test_a_data_table_result_is_an_html_table(self):
        reply, messages = run(self.client, "{{name = 'a', n = 1}, {name = 'b<', n = 2.5, ok = true}}")
        data = outputs(messages, "execute_result")[0]["data"]
        self.assertEqual(data["text/html"], "<table><thead><tr><th>n</th><th>name</th><th>ok</th></tr></thead><tbody>"
                         "<tr><td>1</td><td style=\"text-align: left\">a</td><td></td></tr>"
                         "<tr><td>2.5</td><td style=\"text-align: left\">b&lt;</td><td>true</td></tr></tbody></table>")
        _, messages = run(self.client, "{1, 2, 3}")
        self.assertNotIn("text/html", outputs(messages, "execute_result")[0]["data"])

    def test_progress_bar_updates_in_place(self):
        shown = self.displays(self.run_messages)
        self.assertGreaterEqual(len(shown), 2)
        ids = {m["content"]["transient"]["display_id"] for m in shown}
        self.assertEqual(len(ids), 1)
        self.assertEqual(shown[0]["msg_type"], "display_data")
        self.assertTrue(all(m["msg_type"] == "update_display_data" for m in shown[1:]))
        self.assertIn("<progress", shown[-1]["content"]["data"]["text/html"])

    def test_show_animates_in_place(self):
        _, messages = run(self.client, "sim:alpha(1)\nsim:run{show = true, fps = 0, maxTicks = 20}")
        shown = self.displays(messages)
        self.assertGreaterEqual(len(shown), 2)
        self.assertEqual(len({m["content"]["transient"]["display_id"] for m in shown}), 1)
        self.assertIn("<svg", shown[-1]["content"]["data"]["image/svg+xml"])


class LimitedKernelTests(unittest.TestCase):
    """A kernelspec made with `-- --sandbox --timeout 2 --max-memory 64M`, as a classroom hub would."""

    @classmethod
    def setUpClass(cls):
        install(FORCELAB, name="forcelab-limited", options=["--sandbox", "--timeout", "2", "--max-memory", "64M"])
        cls.manager, cls.client = start("forcelab-limited")

    @classmethod
    def tearDownClass(cls):
        cls.client.stop_channels()
        cls.manager.shutdown_kernel(now=True)

    def test_timeout_ends_the_cell_and_the_kernel_lives(self):
        started = time.monotonic()
        reply, _ = run(self.client, "while true do end")
        self.assertLess(time.monotonic() - started, 4)
        self.assertEqual(reply["ename"], "LimitReached", dumps(reply))
        self.assertIn("time limit of 2 s reached", reply["evalue"])
        reply, messages = run(self.client, "2 + 2")
        self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "4", dumps(reply))

    def test_memory_limit_ends_the_cell_and_the_kernel_lives(self):
        reply, _ = run(self.client, "do\n  local t = {}\n  for i = 1, 1e9 do t[i] = ('x'):rep(1 << 22) .. i end\nend")
        self.assertEqual(reply["status"], "error")
        self.assertIn("not enough memory", reply["evalue"])
        reply, messages = run(self.client, "'alive'")
        self.assertEqual(reply["status"], "ok", dumps(reply))

    def test_sandbox_refuses(self):
        reply, messages = run(self.client, "os.execute == nil, select(2, io.open('/etc/passwd'))")
        self.assertEqual(reply["status"], "ok", dumps(reply))
        shown = outputs(messages, "execute_result")[0]["data"]["text/plain"]
        # The notebook's folder (the kernel's), not a script's, which a notebook has not.
        self.assertRegex(shown, r"^true\tcannot read '/etc/passwd': the sandbox reads only under '[^']*' \(the notebook's folder\), '[^']*' \(--out\)\t13$")


class LifecycleTests(unittest.TestCase):
    def test_restart_gives_a_fresh_state_and_shutdown_ends_the_process(self):
        install(FORCELAB)
        manager, client = start()
        try:
            run(client, "kept = 1")
            manager.restart_kernel(now=False)
            client.wait_for_ready(timeout=30)
            reply, messages = run(client, "kept == nil")
            self.assertEqual(outputs(messages, "execute_result")[0]["data"]["text/plain"], "true", dumps(reply))
            msg_id = client.shutdown()
            reply = client.get_control_msg(timeout=10)
            self.assertEqual((reply["msg_type"], reply["parent_header"]["msg_id"]), ("shutdown_reply", msg_id))
            self.assertEqual(reply["content"]["status"], "ok")
            deadline = time.monotonic() + 10
            while manager.is_alive() and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertFalse(manager.is_alive())
        finally:
            client.stop_channels()
            manager.cleanup_resources()


class KilledKernelTests(unittest.TestCase):
    def test_a_killed_kernel_is_reported_dead(self):
        install(FORCELAB)
        manager, client = start()
        try:
            client.execute("while true do end")
            time.sleep(0.5)
            os.kill(manager.provisioner.process.pid, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while manager.is_alive() and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertFalse(manager.is_alive())
            self.assertFalse(client.is_alive())
        finally:
            client.stop_channels()
            manager.cleanup_resources()


if __name__ == "__main__":
    unittest.main(verbosity=2)
