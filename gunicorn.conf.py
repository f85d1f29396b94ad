"""gunicorn settings: ``gunicorn -c gunicorn.conf.py wsgi:app`` (``make run``).

Threads suit the work (short requests, SQLite in WAL); the access log leaves out query
strings, though tokens travel only in the Authorization header and URL fragments.
"""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = 4
timeout = 30
graceful_timeout = 10
keepalive = 5
accesslog = "-"
errorlog = "-"
# remote address, time, method, path without the query string, status, bytes, duration (µs)
access_log_format = '%(h)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(B)s %(D)sus'
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn >= 24 opens a control socket at a fixed path; two servers on one machine
# (make run next to make bench) would fight over it, and nothing here uses it.
control_socket_disable = True
