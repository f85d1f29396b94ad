"""The server's addresses on the local network, for a table that started on localhost.

A join link made from ``http://localhost:8000`` opens nothing on another phone.  When a
request came to a loopback address (and no ``KREIDE_PUBLIC_URL`` is set), the app asks
for the machine's network addresses (``http://192.168.x.y:8000``, what ``make run``
prints) and offers them; the QR code may be made with one of them, never with an
address the server does not have.
"""

from __future__ import annotations

import ipaddress
import socket

from flask import current_app, request

from api.errors import Problem

_PROBE = ("10.255.255.255", 1)  # never sent: connecting a UDP socket only picks the outgoing interface


def _own_ipv4() -> set[str]:
    found: set[str] = set()
    try:
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return {ip for ip in found if _reachable_from_lan(ip)}


def _reachable_from_lan(ip: str) -> bool:
    address = ipaddress.ip_address(ip)
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


def came_to_loopback() -> bool:
    """Was this request sent to localhost (so its links work on this machine only)?"""
    host = (request.host.rsplit(":", 1)[0] if request.host.count(":") == 1 else request.host).strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def addresses() -> list[str]:
    """The server's LAN base URLs, when the request came to a loopback address and no
    public URL is configured; else none."""
    if current_app.config.get("KREIDE_PUBLIC_URL") or not came_to_loopback():
        return []
    port = request.host.rsplit(":", 1)[1] if request.host.count(":") == 1 else ""
    suffix = f":{port}" if port and port != "80" else ""
    return [f"http://{ip}{suffix}" for ip in sorted(_own_ipv4())]


def checked_base(base: str | None) -> str | None:
    """``base`` if it is one of :func:`addresses` (``None`` when not given)."""
    if base is None:
        return None
    if base.rstrip("/") not in addresses():
        raise Problem(422, "invalid_fields", errors={"base": "not an address of this server"}, fields="base")
    return base.rstrip("/")
