"""``/api/docs``: the OpenAPI document as a plain page, no external script (our CSP
forbids it, and a phone at the card table may have no network)."""

from __future__ import annotations

from flask import Blueprint, Response
from markupsafe import escape

from api.extensions import rest

blp = Blueprint("docs", __name__)

METHODS = ("get", "post", "put", "patch", "delete")


@blp.route("/api/docs")
def docs() -> Response:
    spec = rest.spec.to_dict()
    rows = []
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                summary = item[method].get("summary", "")
                rows.append(f"<tr><td><code>{method.upper()}</code></td><td><code>{escape(path)}</code></td>"
                            f"<td>{escape(summary)}</td></tr>")
    title = escape(f"{spec['info']['title']} API {spec['info']['version']}")
    page = (
        f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head>"
        f"<body><h1>{title}</h1><p>The full description: <a href=\"/api/openapi.json\">openapi.json</a>. "
        f"Every <code>/api/matches/{{id}}</code> request needs <code>Authorization: Bearer &lt;token&gt;</code>; "
        f"errors are <code>application/problem+json</code>.</p>"
        f"<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></body></html>"
    )
    return Response(page, mimetype="text/html")
