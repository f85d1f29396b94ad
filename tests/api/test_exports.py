"""QR codes for sharing, and the history exports."""

from __future__ import annotations

import csv
import io
import json

from flask.testing import FlaskClient

from tests.api.conftest import deutsch_hand


def qr_svg(client: FlaskClient, match_id: str, headers: dict) -> str:
    response = client.get(f"/api/matches/{match_id}/qr.svg", headers=headers)
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.headers["Cache-Control"] == "no-store"
    return response.get_data(as_text=True)


def test_qr_code_for_each_token_kind(client: FlaskClient, match: dict, scorer: dict, viewer: dict) -> None:
    as_scorer = qr_svg(client, match["id"], scorer)
    as_viewer = qr_svg(client, match["id"], viewer)
    assert "<svg" in as_scorer and "<path" in as_scorer
    assert as_scorer != as_viewer  # join URL vs view URL


def test_export_json_has_one_row_per_log_record(client: FlaskClient, match: dict, hands_url: str,
                                                scorer: dict, viewer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    client.post(f"{hands_url}/2/void", headers=scorer)
    response = client.get(f"/api/matches/{match['id']}/export.json", headers=viewer)
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    export = response.get_json()
    assert [(r["record"], r["seq"], r["action"]) for r in export["records"]] == [
        (1, 1, "hand"), (2, 2, "hand"), (3, 2, "void")]
    assert export["records"][0]["body"]["points"]["Anna"] == 40
    assert export["match"]["id"] == match["id"] and export["match"]["revision"] == 3
    text = json.dumps(export)
    assert match["scorer_token"] not in text and match["viewer_token"] not in text
    assert [h["voided"] for h in export["hands"]] == [False, True]


def test_export_csv(client: FlaskClient, match: dict, hands_url: str, scorer: dict) -> None:
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    response = client.get(f"/api/matches/{match['id']}/export.csv", headers=scorer)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["record", "seq", "action", "at", "by", "body", "status", "changes_record", "changed_by"]
    assert rows[1][:3] == ["1", "1", "hand"] and json.loads(rows[1][5])["last_trick"] == "Anna"
    assert rows[1][6:] == ["counts", "", ""]


def test_export_csv_shows_what_became_of_each_record(client: FlaskClient, match: dict, hands_url: str,
                                                     scorer: dict) -> None:
    """Hand 1 replaced, the replacement voided; hand 2 stands."""
    client.post(hands_url, json=deutsch_hand(1), headers=scorer)
    client.put(f"{hands_url}/1", json=deutsch_hand(1, last_trick="Benno"), headers=scorer)
    client.post(hands_url, json=deutsch_hand(2), headers=scorer)
    client.post(f"{hands_url}/1/void", headers=scorer)
    text = client.get(f"/api/matches/{match['id']}/export.csv", headers=scorer).get_data(as_text=True)
    rows = [(r[0], r[1], r[2], r[4], r[6], r[7], r[8]) for r in list(csv.reader(io.StringIO(text)))[1:]]
    assert rows == [
        ("1", "1", "hand", "scorer", "replaced", "", "2"),
        ("2", "1", "replace", "scorer", "voided", "1", "4"),
        ("3", "2", "hand", "scorer", "counts", "", ""),
        ("4", "1", "void", "scorer", "", "2", ""),
    ]
