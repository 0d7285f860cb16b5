"""What the fediverse tests share: host names of their own on this machine, a certificate
authority made for the run, Kiwi behind nginx at https://kiwi.fedi.test, and its API as a member's
client calls it.

The hosts are /etc/hosts lines (removed at the end) on 127.77.0.x, each served on port 443; Kiwi
runs with --federation-allow-private (its peers are on loopback), trusts the authority through
SSL_CERT_FILE, and asks Open Library's stand-in (Tests/Benchmarks/kiwi_books_stub.py) about books.
Needs root (the hosts, ports 80 and 443), openssl and nginx.
"""
import os
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid

KIWI, KIWI_ADDRESS = "kiwi.fedi.test", "127.77.0.3"
HOSTS_MARK = "# toolbox fediverse test"
HERE = os.path.dirname(os.path.abspath(__file__))


class Failed(Exception):
    pass


def step(text):
    print(f"== {text}", flush=True)


def expect(condition, what):
    if not condition:
        raise Failed(what)


def wait_for(what, probe, seconds=20):
    """probe()'s first truthy answer within `seconds`; Failed naming `what` after."""
    deadline = time.monotonic() + seconds
    while True:
        answer = probe()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise Failed(f"{what}: not within {seconds} s")
        time.sleep(0.2)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(address, port):
    try:
        socket.create_connection((address, port), timeout=1).close()
        return True
    except OSError:
        return False


class Machine:
    """The run's certificate authority, host names and processes, all undone by close()."""

    def __init__(self, work, hosts):
        self.work = work
        # Each host name and its address, Kiwi's among them.
        self.names = dict({KIWI: KIWI_ADDRESS}, **hosts)
        self.processes = []
        self.hosts_written = False

    def authority(self):
        """A certificate authority and a certificate from it for each host."""
        def openssl(*arguments):
            subprocess.run(["openssl", *arguments], cwd=self.work, check=True, capture_output=True)
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=toolbox fediverse test authority",
                "-keyout", "ca.key", "-out", "ca.crt")
        for host in self.names:
            openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={host}", "-keyout", f"{host}.key", "-out", f"{host}.csr")
            with open(os.path.join(self.work, f"{host}.ext"), "w") as extensions:
                extensions.write(f"subjectAltName=DNS:{host}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
            openssl("x509", "-req", "-in", f"{host}.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1",
                    "-extfile", f"{host}.ext", "-out", f"{host}.crt")
        return os.path.join(self.work, "ca.crt")

    def hosts(self):
        self.unhost()
        with open("/etc/hosts", "a") as hosts:
            hosts.writelines(f"{address} {name} {HOSTS_MARK}\n" for name, address in self.names.items())
        self.hosts_written = True

    def unhost(self):
        with open("/etc/hosts") as hosts:
            lines = hosts.readlines()
        kept = [line for line in lines if HOSTS_MARK not in line]
        if kept != lines:
            with open("/etc/hosts", "w") as hosts:
                hosts.writelines(kept)

    def start(self, name, arguments, env=None, cwd=None):
        log = open(os.path.join(self.work, f"{name}.log"), "w")
        process = subprocess.Popen(arguments, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=cwd or self.work)
        self.processes.append((name, process))
        return process

    def log(self, name):
        with open(os.path.join(self.work, f"{name}.log"), errors="replace") as log:
            return log.read()

    def close(self):
        for _, process in reversed(self.processes):
            process.terminate()
        for _, process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.hosts_written:
            self.unhost()


def kiwi_up(machine, binary, environment, host=KIWI, database=None):
    """toolbox kiwi serve behind nginx at https://HOST (one of the machine's names), on `database`
    (default: an SQLite file of its own), with Open Library's stand-in."""
    books = free_port()
    machine.start(f"books-{host}", [sys.executable, os.path.join(HERE, "../Benchmarks/kiwi_books_stub.py"), str(books)])
    port, home, address = free_port(), os.path.join(machine.work, host), machine.names[host]
    os.makedirs(home, exist_ok=True)
    environment = dict(environment, TOOLBOX_KIWI_BOOKS_URL=f"http://127.0.0.1:{books}",
                       TOOLBOX_KIWI_COVERS_URL=f"http://127.0.0.1:{books}", XDG_CONFIG_HOME=home, XDG_CACHE_HOME=home, XDG_DATA_HOME=home)
    machine.start(f"kiwi-{host}", [binary, "kiwi", "serve", "--database", database or f"sqlite:{home}/kiwi.sqlite", "--port", str(port),
                                   "--public-url", f"https://{host}", "--federation", "on", "--federation-allow-private",
                                   "--trusted-proxy", "127.0.0.1"], env=environment)
    wait_for(f"Kiwi listening for {host}", lambda: listening("127.0.0.1", port), seconds=30)
    nginx = os.path.join(home, "nginx")
    os.makedirs(nginx, exist_ok=True)
    # nginx's workers drop root, and keep request bodies (a photo) in its folder.
    for folder in (machine.work, home):
        os.chmod(folder, 0o755)
    os.chmod(nginx, 0o777)
    with open(os.path.join(nginx, "nginx.conf"), "w") as conf:
        conf.write(f"""daemon off;
worker_processes 1;
pid {nginx}/nginx.pid;
error_log {nginx}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log {nginx}/access.log;
    client_body_temp_path {nginx}/body;
    proxy_temp_path {nginx}/proxy;
    fastcgi_temp_path {nginx}/fastcgi;
    uwsgi_temp_path {nginx}/uwsgi;
    scgi_temp_path {nginx}/scgi;
    client_max_body_size 20m;
    # As a deployment's proxy does: plain HTTP only leads to https (RFC 7033 asks WebFinger for https alone).
    server {{
        listen {address}:80;
        server_name {host};
        return 301 https://$host$request_uri;
    }}
    server {{
        listen {address}:443 ssl;
        server_name {host};
        ssl_certificate {machine.work}/{host}.crt;
        ssl_certificate_key {machine.work}/{host}.key;
        location / {{
            proxy_pass http://127.0.0.1:{port};
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
        }}
    }}
}}
""")
    machine.start(f"nginx-{host}", ["nginx", "-c", f"{nginx}/nginx.conf", "-e", f"{nginx}/error.log"])
    wait_for(f"nginx listening for {host}", lambda: listening(address, 443))


def fetch(authority, url, accept="application/json", headers=None):
    """GET `url` as anyone on the web would (or as a member, with their `Authorization` or `Cookie`
    among `headers`), the run's authority trusted: (status, headers, body)."""
    request = urllib.request.Request(url, headers={"Accept": accept, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60, context=ssl.create_default_context(cafile=authority)) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


class Toolbox:
    """The toolbox binary as a member runs it against https://SERVER (kiwi.fedi.test unless told),
    with a home of its own and the run's authority trusted (SSL_CERT_FILE)."""

    def __init__(self, binary, machine, authority, name, server=KIWI):
        home = os.path.join(machine.work, f"home-{name}")
        self.binary = binary
        self.environment = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_CACHE_HOME=f"{home}/cache",
                                XDG_DATA_HOME=f"{home}/data", SSL_CERT_FILE=authority, TOOLBOX_KIWI_SERVER=f"https://{server}", NO_COLOR="1")

    def run(self, *arguments, stdin=None, status=0):
        """What it wrote (standard output, standard error) once it exited with `status`; Failed saying
        why otherwise."""
        done = subprocess.run([self.binary, *arguments], input=stdin, capture_output=True, text=True, env=self.environment, timeout=120)
        expect(done.returncode == status, f"toolbox {' '.join(arguments)} exited {done.returncode}, not {status}: {done.stderr.strip()}")
        return done.stdout, done.stderr

    def status(self, *arguments):
        """Its exit status, whatever it is."""
        return subprocess.run([self.binary, *arguments], capture_output=True, env=self.environment, timeout=120).returncode

    def member(self, username):
        """Signs up and logs in as `username`."""
        self.password = "secret-" + uuid.uuid4().hex[:8]
        self.run("kiwi", "signup", username, "--password-stdin", stdin=self.password + "\n")
        self.run("kiwi", "login", username, "--password-stdin", stdin=self.password + "\n")
        return self



def run(hosts, body):
    """body(machine, authority) on a machine with these host names and Kiwi's; a step that fails
    prints the logs of the run's processes and exits 1. Everything is undone at the end."""
    expect(os.geteuid() == 0, "needs root: it writes /etc/hosts and listens on ports 80 and 443")
    machine = Machine(tempfile.mkdtemp(prefix="kiwi-fediverse-"), hosts)
    try:
        authority = machine.authority()
        machine.hosts()
        body(machine, authority)
    except Failed as failure:
        print(f"FAILED: {failure}", flush=True)
        for name, _ in machine.processes:
            print(f"--- {name}.log (last 40 lines)\n" + "\n".join(machine.log(name).splitlines()[-40:]), flush=True)
        sys.exit(1)
    finally:
        machine.close()
