"""Starting forcelab's kernel for the tests: a kernelspec installed into a temporary JUPYTER_PATH by
`forcelab kernel install --prefix`, started and driven by jupyter_client as a notebook server does."""
import json
import os
import subprocess
import tempfile

from jupyter_client.manager import KernelManager


def install(forcelab, name="forcelab", options=()):
    """Installs a kernelspec named `name` with forcelab `options`; returns its prefix's jupyter folder."""
    prefix = tempfile.mkdtemp(prefix="forcelab-kernelspec-")
    subprocess.run([forcelab, "kernel", "install", "--prefix", prefix, "--name", name, "--", *options],
                   check=True, capture_output=True)
    jupyter = os.path.join(prefix, "share", "jupyter")
    os.environ["JUPYTER_PATH"] = jupyter + os.pathsep + os.environ.get("JUPYTER_PATH", "")
    return jupyter


def start(name="forcelab", cwd=None):
    """A started kernel manager and a ready blocking client."""
    manager = KernelManager(kernel_name=name)
    manager.start_kernel(cwd=cwd or tempfile.mkdtemp(prefix="forcelab-kernel-cwd-"))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=30)
    return manager, client


def run(client, code, timeout=30, **options):
    """Executes `code`; returns (reply content, iopub messages of the request up to idle)."""
    msg_id = client.execute(code, **options)
    messages = []
    while True:
        message = client.get_iopub_msg(timeout=timeout)
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        messages.append(message)
        if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
            break
    reply = client.get_shell_msg(timeout=timeout)
    assert reply["parent_header"]["msg_id"] == msg_id, reply
    return reply["content"], messages


def outputs(messages, kind):
    """The contents of the messages of type `kind`."""
    return [m["content"] for m in messages if m["msg_type"] == kind]


def stdout(messages):
    """What the cell printed."""
    return "".join(c["text"] for c in outputs(messages, "stream") if c["name"] == "stdout")


def dumps(value):
    return json.dumps(value, indent=1)
