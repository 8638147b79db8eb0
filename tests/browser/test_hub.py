"""Collection on a real JupyterHub (issue 25): two learners answer in their own servers, and a
teacher's server runs ``guandan-learn class --hub-homes`` over their home folders.

One hub for the module: JupyterHub from PyPI (the test extra), ``configurable-http-proxy``
from npm (``make chp`` installs it in a cache folder), the shared-password authenticator and
``SimpleLocalProcessSpawner`` (every user a process of this account, with a home folder of
their own in a temporary folder), everything on 127.0.0.1. A service token creates the users,
starts their servers and gives each user a token for their own server; code runs in each
server's kernel through its websocket, as a notebook cell would. Without JupyterHub or the
proxy the test skips, except under CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import csv
import io
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest

from guandan_learn.roster import read_roster_text

ROOT = Path(__file__).resolve().parents[2]
CHP = Path(os.environ.get("GUANDAN_CHP_DIR", Path.home() / ".cache/guandan-learn/chp")) \
    / "node_modules" / ".bin" / "configurable-http-proxy"
SECRET = "the class secret of the hub test"
USERS = ("ana", "bo", "teacher")


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the hub test must run)", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _api(url: str, token: str, method: str = "GET", body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Authorization": f"token {token}",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
    return json.loads(text) if text.strip() else None


class Hub:
    """A running hub: its URL, the service token, and the folder holding the homes."""

    def __init__(self, url: str, token: str, homes: Path) -> None:
        self.url, self.token, self.homes = url, token, homes

    def user_server(self, name: str) -> tuple[str, str]:
        """Creates a user, starts their server, returns its URL and a token for it."""
        api = f"{self.url}/hub/api"
        _api(f"{api}/users/{name}", self.token, "POST", {})
        _api(f"{api}/users/{name}/server", self.token, "POST", {})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            server = (_api(f"{api}/users/{name}", self.token).get("servers") or {}).get("")
            if server and server.get("ready"):
                break
            time.sleep(0.3)
        else:
            raise AssertionError(f"{name}'s server did not start")
        token = _api(f"{api}/users/{name}/tokens", self.token, "POST",
                     {"scopes": [f"access:servers!user={name}"], "expires_in": 600})["token"]
        return f"{self.url}/user/{name}", token


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """Runs one JupyterHub for the module; stops it (and every server) afterwards."""
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _missing("JupyterHub is not installed (the test extra)")
    if not CHP.exists() or shutil.which("node") is None:
        _missing(f"configurable-http-proxy is not installed at {CHP} (make chp)")
    base = tmp_path_factory.mktemp("hub")
    homes = base / "home"
    homes.mkdir()
    port, hub_port, api_port = _free_port(), _free_port(), _free_port()
    token = secrets.token_hex(24)
    single = Path(sys.executable).with_name("jupyterhub-singleuser")
    extra = ["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []
    config = base / "jupyterhub_config.py"
    config.write_text(f"""
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.ConfigurableHTTPProxy.pid_file = {str(base / "proxy.pid")!r}
c.JupyterHub.pid_file = {str(base / "hub.pid")!r}
c.JupyterHub.db_url = "sqlite:///{base / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(base / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {secrets.token_hex(12)!r}
c.Authenticator.allow_all = True
c.Authenticator.allow_existing_users = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes / "{username}")!r}
c.Spawner.cmd = [{str(single)!r}]
c.Spawner.args = {extra!r}
c.Spawner.default_url = "/tree"
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
c.Spawner.environment = {{"PYTHONPATH": {str(ROOT)!r}, "JUPYTER_PLATFORM_DIRS": "1",
                          "PYDEVD_DISABLE_FILE_VALIDATION": "1"}}
c.JupyterHub.services = [{{"name": "class-admin", "api_token": {token!r}}}]
c.JupyterHub.load_roles = [{{"name": "class-admin", "services": ["class-admin"],
    "scopes": ["admin:users", "admin:servers", "tokens", "access:servers"]}}]
c.JupyterHub.cleanup_servers = True
""", encoding="utf-8")
    log = open(base / "hub.log", "w", encoding="utf-8")  # noqa: SIM115 - open while it runs
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(base / name.lower())
    process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)],
                               cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _api(f"{url}/hub/api/", token)
                break
            except (urllib.error.URLError, ConnectionError, OSError):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("the hub did not start:\n"
                                         + (base / "hub.log").read_text()[-3000:]) from None
                time.sleep(0.3)
        yield Hub(url, token, homes)
    finally:
        with_timeout = time.monotonic() + 15
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        while process.poll() is None and time.monotonic() < with_timeout:
            time.sleep(0.2)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


async def _run(server: str, token: str, code: str) -> str:
    """Runs code in a new kernel of a user's server; returns what it printed."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    kernel = _api(f"{server}/api/kernels", token, "POST", {"name": "python3"})
    ws_url = server.replace("http://", "ws://") + f"/api/kernels/{kernel['id']}/channels"
    socket_ = await websocket_connect(HTTPRequest(ws_url, headers={
        "Authorization": f"token {token}"}))
    msg_id = uuid.uuid4().hex
    socket_.write_message(json.dumps({
        "header": {"msg_id": msg_id, "username": "test", "session": uuid.uuid4().hex,
                   "msg_type": "execute_request", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
        "content": {"code": code, "silent": False, "store_history": False,
                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
    printed: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = await asyncio.wait_for(socket_.read_message(), timeout=60)
        assert text is not None, "the kernel's websocket closed"
        message = json.loads(text)
        if message.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind = message["msg_type"]
        if kind == "stream":
            printed.append(message["content"]["text"])
        elif kind == "error":
            raise AssertionError("\n".join(message["content"]["traceback"]))
        elif kind == "execute_reply":
            break
    socket_.close()
    _api(f"{server}/api/kernels/{kernel['id']}", token, "DELETE")
    return "".join(printed)


LEARNER = """
import guandan_learn.progress as progress
from guandan_learn.exercises import Question, generate
q = Question(generate("legal_play", 3))
feedback = q.check({answer})
saved = progress.shared_progress()
if {code!r}:
    saved.set_code({code!r})
print(saved.path, feedback.correct, len(saved.answers()))
"""

TEACHER = """
import subprocess, sys, pathlib
pathlib.Path("roster.csv").write_text({roster!r}, encoding="utf-8")
done = subprocess.run([sys.executable, "-m", "guandan_learn", "class", "--hub-homes", {homes!r},
                       "--roster", "roster.csv", "--lms", "moodle", "--out", "report"],
                      capture_output=True, text=True)
print(done.returncode)
print(done.stdout, done.stderr)
print("GRADEBOOK")
print(pathlib.Path("report/gradebook.csv").read_text(encoding="utf-8"))
"""


def _in_thread(coroutine: Coroutine[Any, Any, str]) -> str:
    """Runs a coroutine to its end in a thread of its own: the main thread's event loop runs
    once another browser test has opened the session's browser."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_teacher_collects_two_learners_from_their_homes_on_a_real_hub(hub: Hub) -> None:
    roster = read_roster_text("name,username,email\nAna Sá,ana,ana@x.br\nBo Li,bo,bo@x.br\n"
                              "Cé Dú,ce,ce@x.br\n").with_codes(SECRET)
    servers = {name: hub.user_server(name) for name in USERS}
    for name, answer in (("ana", "q.puzzle.answer"), ("bo", "not q.puzzle.answer")):
        code = roster.find(name).code if name == "ana" else ""  # type: ignore[union-attr]
        printed = _in_thread(_run(*servers[name], LEARNER.format(answer=answer, code=code)))
        path, correct, count = printed.split()
        assert Path(path) == hub.homes / name / ".local/share/guandan-learn/progress.sqlite3"
        assert (correct, count) == ("True" if name == "ana" else "False", "1")
    printed = _in_thread(_run(*servers["teacher"], TEACHER.format(
        roster=roster.csv_text(), homes=str(hub.homes))))
    status, _, gradebook = printed.partition("GRADEBOOK")
    assert status.split()[0] == "0", status
    assert "Nothing handed in (1): Cé Dú." in status
    assert "teacher/.local/share/guandan-learn/progress.sqlite3: no saved progress" in status
    assert "kept out" not in status  # Bo saved no code: his home says the answers are his
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(gradebook.strip()))}
    assert [(n, rows[n]["handed_in"], rows[n]["right"], rows[n]["grade"]) for n in rows] == [
        ("Ana Sá", "yes", "1", "100"), ("Bo Li", "yes", "0", "0"), ("Cé Dú", "no", "0", "")]
    report = (hub.homes / "teacher" / "report" / "report.html").read_text(encoding="utf-8")
    assert "Ana Sá" in report and "Bo Li" in report
    assert (hub.homes / "teacher" / "report" / "gradebook-moodle.csv").exists()
