"""gunicorn settings: ``gunicorn -c gunicorn.conf.py wsgi:app`` (``make run``).

The worker class is gevent's (``KREIDE_WORKER_CLASS`` may name another): each
connection is a greenlet, not an OS thread, so a phone following a match live
(``GET /api/matches/{id}/events``, open for hours) or a client trickling its request
costs a few kilobytes instead of one of a small pool of threads.  The work itself is
short requests: psycopg 3 (PostgreSQL) waits cooperatively under gevent, and SQLite's
statements are brief and queue on one in-process lock (``api.store.writing``).
``WEB_CONCURRENCY`` workers (default 2: one per core) each take up to
``WORKER_CONNECTIONS`` connections at once (default 2000); the streams among them are
capped per worker, per token and per client address (``api.config``).

Each worker checks the database before it serves (:func:`_check_the_database`): a
deployment whose connection pools exceed PostgreSQL's ``max_connections`` does not start, a
schema behind the code is logged.

The access log leaves out query strings, though tokens travel only in the
Authorization header and URL fragments.  On shutdown every stream is ended at once (the
phones reconnect with ``Last-Event-ID``), so ``graceful_timeout`` is not spent waiting
for them.
"""

import os
import signal
import sys
import threading

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = os.environ.get("KREIDE_WORKER_CLASS", "gevent")
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "2000"))
threads = int(os.environ.get("WEB_THREADS", "32"))  # only for KREIDE_WORKER_CLASS=gthread
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


def _end_streams() -> None:
    """End this worker's live streams without blocking the signal handler: under gevent in a
    greenlet (the handler runs in gevent's event loop, where even starting a thread would
    wait, and the worker would die with BlockingSwitchOutError instead of stopping), else in
    a thread."""
    from api.events import close_all

    if "gevent" in sys.modules:
        from gevent import monkey

        if monkey.is_module_patched("threading"):
            import gevent

            gevent.spawn(close_all)
            return
    threading.Thread(target=close_all, name="kreide-events-close", daemon=True).start()


def post_worker_init(worker):
    """The database checked before the worker serves; then SIGTERM (graceful stop), which has
    no gunicorn hook: chain our handler before the worker's."""
    _check_the_database(worker)
    previous = signal.getsignal(signal.SIGTERM)

    def on_term(signum, frame):
        _end_streams()
        if callable(previous):
            previous(signum, frame)

    signal.signal(signal.SIGTERM, on_term)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn had it: no interrupted system calls


def _check_the_database(worker):
    """A deployment whose pools may exceed PostgreSQL's ``max_connections`` does not start:
    one line in the log, and the worker exits as one that failed to boot, which stops gunicorn
    (``api.connections``).  A schema behind the code is logged: the readiness check answers
    ``503`` until ``flask --app wsgi kreide migrate`` has run (``api.schema``).  A database
    that cannot be reached is logged and the worker serves: it answers ``503`` meanwhile."""
    from gunicorn.arbiter import Arbiter
    from sqlalchemy.exc import SQLAlchemyError

    from api import connections, schema
    from api.extensions import db

    app = worker.wsgi
    with app.app_context():
        pooled = db.engine
    engine = connections.for_checks(pooled)
    try:
        shortfall = connections.check(engine, app.config, workers=worker.cfg.workers)
        with engine.connect() as connection:
            state = schema.migrations_state(connection)
    except SQLAlchemyError as error:
        reason = " ".join(str(getattr(error, "orig", None) or error).split())  # one line
        worker.log.warning("kreide: the database could not be checked at start: %s", reason)
        return
    finally:
        if engine is not pooled:
            engine.dispose()
    if shortfall is not None:
        worker.log.error("kreide: %s", shortfall)
        sys.exit(Arbiter.WORKER_BOOT_ERROR)  # the arbiter stops: "Worker failed to boot"
    if state.is_behind:
        worker.log.warning("kreide: %s (not ready until then)", state.describe())


def worker_int(worker):
    """SIGINT / SIGQUIT: the worker stops at once; end the streams all the same."""
    _end_streams()
