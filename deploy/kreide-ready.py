"""Wait until the Kreide server on 127.0.0.1:<port> says it is ready (``GET /api/ready`` answers
200): kreide@.service runs it after gunicorn listens (ExecStartPost), so systemd counts a server
as started only once it can serve, and ``systemctl restart kreide@8001`` returns then.

Usage: python kreide-ready.py PORT [SECONDS]  (default 60). Exit 0 when ready; 1, with the last
answer on stderr, when it was not ready in time (systemd then fails the start and restarts it).
Standard library only: it runs with the server's own Python."""

import sys
import time
import urllib.error
import urllib.request


def main(argv: list[str]) -> int:
    port, seconds = int(argv[1]), float(argv[2]) if len(argv) > 2 else 60.0
    deadline = time.monotonic() + seconds
    last = "no answer"
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/ready", timeout=3) as answer:
                if answer.status == 200:
                    return 0
        except urllib.error.HTTPError as refused:
            last = f"{refused.code} {refused.read(300).decode('utf-8', 'replace')}"
        except OSError as error:
            last = str(error)
        time.sleep(0.5)
    print(f"kreide: the server on 127.0.0.1:{port} was not ready within {seconds:.0f} s: {last}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
