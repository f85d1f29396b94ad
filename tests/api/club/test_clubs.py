"""A club through its API (API.md "Clubs", RULES.md R36-R38): created, its tokens, its
members, tables started from it and scored with the members' token, its evenings, season,
member pages and the sources of a figure; every refusal a problem naming its field, and
nothing changed by it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.club.conftest import MEMBERS, Club, open_club
from tests.api.conftest import assert_problem, bearer
from tests.api.dreierles.conftest import played
from tests.api.sixtysix.conftest import claim

SEPP_WINS = [claim("Benno", (32, 66), (2, 4)), *[claim("Anna", (66, 0), (4, 0))] * 3]


def bummerl(club: Club, *, rates: dict[str, int] | None = None) -> Any:
    """A Sixty-Six table of Anna and Benno where Anna wins a Bummerl (Benno has a point: no
    Schneider), with the club's rates unless ``rates``."""
    table = club.table("sixtysix", ["Anna", "Benno"], **({"rates": rates} if rates is not None else {}))
    for deal in SEPP_WINS:
        table.record(deal)
    return table


# --- creation and tokens --------------------------------------------------------------------


def test_a_club_is_created_with_its_members_three_tokens_and_links(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    created = club.created
    assert [m["name"] for m in created["members"]] == MEMBERS
    assert created["timezone"] == "Europe/Berlin"  # R36's default
    assert created["rates"] == {"per_blob": 0, "per_bummerl": 50, "per_fach": 0, "per_point": 0}
    tokens = {created[name] for name in ("admin_token", "member_token", "viewer_token")}
    assert len(tokens) == 3 and all(len(token) >= 43 for token in tokens)
    assert created["join_url"].endswith(f"/#/c/{club.id}/{created['member_token']}")
    assert created["view_url"].endswith(f"/#/c/{club.id}/{created['viewer_token']}")
    for token, access in ((club.admin, "admin"), (club.member, "member"), (club.viewer, "viewer")):
        assert club.get(token=token)["access"] == access


def test_the_same_key_creates_one_club(api: FlaskClient) -> None:
    key = {"Idempotency-Key": "club-key-0123456789abcdefghij"}
    first = api.post("/api/clubs", json={"name": "Zur Linde"}, headers=key)
    again = api.post("/api/clubs", json={"name": "Zur Linde"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["id"] == again.get_json()["id"]
    assert first.get_json()["member_token"] == again.get_json()["member_token"]


@pytest.mark.parametrize(("body", "field", "rule"), [
    ({"name": "Linde", "rates": {"per_blob": 1.5}}, "rates.per_blob", "R37"),  # not whole cents
    ({"name": "Linde", "rates": {"per_blob": -10}}, "rates.per_blob", "R37"),
    ({"name": "Linde", "rates": {"per_stroke": 10}}, "rates.per_stroke", "R37"),
    ({"name": "Linde", "rates": {"per_bummerl": "50"}}, "rates.per_bummerl", "R37"),
    ({"name": "Linde", "timezone": "Europe/Linz"}, "timezone", "R36"),
    ({"name": "  "}, "name", None),
    ({"name": "Linde", "members": ["Anna", "anna"]}, "members.1", None),
    ({"name": "Linde", "members": ["Anna", ""]}, "members.1", None),
    ({"name": "Linde", "colour": "green"}, "colour", None),
])
def test_a_club_that_cannot_be_is_refused_naming_the_field(api: FlaskClient, body: dict[str, Any], field: str,
                                                         rule: str | None) -> None:
    problem = assert_problem(api.post("/api/clubs", json=body), 422)
    assert field in problem["errors"]
    assert problem.get("rule") == rule


def test_tokens_open_their_own_club_only(api: FlaskClient) -> None:
    club, other = open_club(api), open_club(api)
    assert_problem(api.get(club.url), 401)
    assert_problem(api.get(club.url, headers=bearer("x" * 43)), 401)
    assert_problem(api.get(club.url, headers=other.member), 404, "no_club")
    # a viewer may not add a member, a member may not rename one
    assert_problem(api.post(f"{club.url}/members", json={"name": "Zenzi"}, headers=club.viewer), 403)
    anna = club.members()["Anna"]
    assert_problem(api.patch(f"{club.url}/members/{anna}", json={"name": "Anni"}, headers=club.member), 403,
                   "club_admin_only")
    assert club.members()["Anna"] == anna


def test_members_are_added_by_members_and_names_stay_unique(api: FlaskClient) -> None:
    club = open_club(api)
    added = api.post(f"{club.url}/members", json={"name": " Zenzi "}, headers=club.member)
    assert added.status_code == 201 and added.get_json()["name"] == "Zenzi"
    problem = assert_problem(api.post(f"{club.url}/members", json={"name": "zenzi"}, headers=club.member), 422)
    assert "name" in problem["errors"]
    assert list(club.members()).count("Zenzi") == 1


# --- tables of the club -----------------------------------------------------------------------


def test_a_table_of_members_takes_a_guest_who_becomes_a_member(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_blob": 20})
    response = api.post(f"{club.url}/matches", headers=club.member,
                        json={"game": "dreeg", "players": ["anna", "Benno", "Carla", "Gusti"]})
    assert response.status_code == 201, response.get_json()
    match = response.get_json()
    assert match["players"] == ["Anna", "Benno", "Carla", "Gusti"]  # a member as the club spells him
    assert [m["name"] for m in match["new_members"]] == ["Gusti"]
    assert match["rates"] == {"per_blob": 20}  # the club's rate
    assert "Gusti" in club.members()
    listed = club.get()["matches"]
    assert [(m["id"], m["player_names"]) for m in listed] == [(match["id"], match["players"])]


def test_the_members_token_scores_every_table_and_the_viewers_token_watches(api: FlaskClient) -> None:
    club, other = open_club(api), open_club(api)
    table = club.table("sixtysix", ["Anna", "Benno"])
    table.record(SEPP_WINS[0])  # with the club's members' token
    url = table.url
    assert api.get(url, headers=club.viewer).get_json()["access"] == "viewer"
    assert_problem(api.post(f"{url}/hands", json={"seq": 2, **SEPP_WINS[1]}, headers=club.viewer), 403)
    assert_problem(api.get(url, headers=other.member), 404, "no_match")
    assert_problem(api.get(url, headers=other.viewer), 404, "no_match")
    assert api.get(url, headers=club.admin).get_json()["access"] == "scorer"


def test_a_viewer_cannot_start_a_table(api: FlaskClient) -> None:
    club = open_club(api)
    assert_problem(api.post(f"{club.url}/matches", json={"game": "sixtysix", "players": ["Anna", "Benno"]},
                            headers=club.viewer), 403)
    assert club.get()["matches"] == []


def test_a_club_match_is_not_deleted_alone(api: FlaskClient) -> None:
    club = open_club(api)
    table = club.table("sixtysix", ["Anna", "Benno"])
    match = table.get()
    problem = assert_problem(api.delete(table.url, json={"confirm": match["id"], "exported_revision": 0},
                                        headers=club.member), 409, "match_in_club")
    assert problem["detail"]


# --- the evening and its money (R36, R37) -------------------------------------------------------


def test_r37_a_bummerl_pays_its_winner_and_the_evening_settles_it(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    table = bummerl(club)
    ids = club.members()
    evenings = club.get("/evenings")["evenings"]
    assert len(evenings) == 1
    tonight = evenings[0]
    assert tonight["matches"] == [table.created["id"]]
    assert tonight["net"] == {ids["Anna"]: 50, ids["Benno"]: -50}
    assert tonight["kitty"] == 0
    assert tonight["transfers"] == [{"from": ids["Benno"], "to": ids["Anna"], "cents": 50}]
    assert tonight["date"] == club.get()["tonight"]


def test_r37_twin_a_table_not_played_for_money_pays_nothing(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    bummerl(club, rates={"per_bummerl": 0})
    evening = club.get("/evenings")["evenings"][0]
    assert set(evening["net"].values()) == {0}
    assert evening["transfers"] == []


def test_r37_dreierles_pays_each_deal_at_the_rate(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_fach": 10})
    table = club.table("dreierles", ["Anna", "Benno", "Carla"])
    table.record(played("dreier", "Benno", 40))  # 40 points: 2 Fach from each opponent (R27, R29)
    ids = club.members()
    evening = club.get("/evenings")["evenings"][0]
    assert evening["net"] == {ids["Anna"]: -20, ids["Benno"]: 40, ids["Carla"]: -20}
    assert sum(t["cents"] for t in evening["transfers"]) == 40 and len(evening["transfers"]) == 2


def test_a_table_without_an_entry_has_no_evening(api: FlaskClient) -> None:
    club = open_club(api)
    club.table("sixtysix", ["Anna", "Benno"])
    assert club.get("/evenings")["evenings"] == []
    assert club.get()["matches"][0]["evening"] is None


# --- the season (R38) and where a figure came from -------------------------------------------


def test_r38_the_season_counts_the_bummerl_and_the_sources_name_the_deal(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    table = bummerl(club)
    season = club.get("/season")
    by_name = {m["name"]: m for m in season["members"]}
    anna, benno = by_name["Anna"]["games"]["sixtysix"], by_name["Benno"]["games"]["sixtysix"]
    assert (anna["bummerl_won"], anna["bummerl_received"], anna["deals"], anna["cents"]) == (1, 0, 4, 50)
    assert (benno["bummerl_won"], benno["bummerl_received"], benno["cents"]) == (0, 1, -50)
    assert anna["rating"] is None  # one ranked result: not shown before five (R38)
    assert "sixtysix" not in by_name["Carla"]["games"]
    assert [f["name"] for f in season["games"]["sixtysix"]][:1] and "dreeg" in season["games"]
    sources = club.get("/sources", member=by_name["Anna"]["id"], game="sixtysix", figure="bummerl_won")["sources"]
    assert [(s["match"], s["seq"], s["amount"]) for s in sources] == [(table.created["id"], 4, 1)]


def test_r38_five_bummerl_show_a_rating_and_the_winner_is_above(api: FlaskClient) -> None:
    club = open_club(api)
    for _ in range(5):
        bummerl(club)
    by_name = {m["name"]: m["games"]["sixtysix"] for m in club.get("/season", game="sixtysix")["members"]
               if "sixtysix" in m["games"]}
    assert by_name["Anna"]["rating"] is not None and by_name["Benno"]["rating"] is not None
    assert by_name["Anna"]["rating"] > by_name["Benno"]["rating"]


@pytest.mark.parametrize(("params", "field"), [
    ({"from": "2026-12-02", "to": "2026-11-01"}, "to"),
    ({"from": "2. Dezember"}, "from"),
    ({"game": "skat"}, "game"),
])
def test_a_season_range_that_cannot_be_is_refused(api: FlaskClient, params: dict[str, str], field: str) -> None:
    club = open_club(api)
    problem = assert_problem(api.get(f"{club.url}/season", query_string=params, headers=club.viewer), 422)
    assert field in problem["errors"]


def test_the_season_range_counts_only_its_evenings(api: FlaskClient) -> None:
    club = open_club(api)
    bummerl(club)
    tonight = club.get()["tonight"]
    members = club.get("/season", **{"from": "2020-01-01", "to": "2020-12-31"})["members"]
    assert all(m["games"] == {} for m in members)
    counted = club.get("/season", **{"from": tonight, "to": tonight})["members"]
    assert any("sixtysix" in m["games"] for m in counted)


def test_sources_of_an_unknown_member_or_figure_are_refused(api: FlaskClient) -> None:
    club = open_club(api)
    anna = club.members()["Anna"]
    for params, field in (({"member": "nobody", "game": "sixtysix", "figure": "deals"}, "member"),
                          ({"member": anna, "game": "sixtysix", "figure": "blobs"}, "figure"),
                          ({"member": anna, "game": "skat", "figure": "deals"}, "game")):
        problem = assert_problem(api.get(f"{club.url}/sources", query_string=params, headers=club.viewer), 422)
        assert field in problem["errors"]


def test_a_members_page_has_his_figures_head_to_head_and_evenings(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    bummerl(club)
    ids = club.members()
    page = club.get(f"/members/{ids['Anna']}")
    assert page["name"] == "Anna" and page["games"]["sixtysix"]["bummerl_won"] == 1
    rivals = {row["name"]: row["games"] for row in page["head_to_head"]}
    assert rivals["Benno"]["sixtysix"]["won"] == 1 and rivals["Benno"]["sixtysix"]["lost"] == 0
    assert len(page["series"]) == 1 and page["series"][0]["cents"] == 50
    assert_problem(api.get(f"{club.url}/members/nobody", headers=club.viewer), 404, "no_member")


# --- members are people: rename, merge, anonymise ---------------------------------------------


def test_a_rename_follows_the_member_into_his_matches_and_keeps_his_figures(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    table = bummerl(club)
    ids = club.members()
    before = club.get("/season")
    renamed = api.patch(f"{club.url}/members/{ids['Anna']}", json={"name": "Annemarie"}, headers=club.admin)
    assert renamed.status_code == 200, renamed.get_json()
    match = table.get()
    assert match["players"] == ["Annemarie", "Benno"]
    hands = table.hands()
    assert hands[-1]["claim"] == "Annemarie"
    text = str(hands) + str(match)
    assert "Anna'" not in text and "'Anna" not in text and "Anna " not in text
    after = club.get("/season")
    assert [m["games"] for m in after["members"]] == [m["games"] for m in before["members"]]
    assert {m["name"] for m in after["members"]} >= {"Annemarie", "Benno"}
    # the table goes on under the new name
    table.record({"ended_by": "claim", "claim": "Annemarie", "points": {"Annemarie": 66, "Benno": 32},
                  "tricks": {"Annemarie": 4, "Benno": 2}})


def test_a_rename_to_a_name_taken_is_refused(api: FlaskClient) -> None:
    club = open_club(api)
    ids = club.members()
    problem = assert_problem(api.patch(f"{club.url}/members/{ids['Anna']}", json={"name": "benno"},
                                       headers=club.admin), 422)
    assert "name" in problem["errors"]
    assert club.members() == ids


def test_an_anonymised_member_is_gone_from_every_answer_and_export(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    table = bummerl(club)
    ids = club.members()
    before = club.get(f"/members/{ids['Benno']}")["games"]
    answer = api.post(f"{club.url}/members/{ids['Benno']}/anonymise", headers=club.admin)
    assert answer.status_code == 200, answer.get_json()
    neutral = answer.get_json()["name"]
    assert "Benno" not in neutral
    texts = [
        api.get(club.url, headers=club.viewer).get_data(as_text=True),
        api.get(f"{club.url}/season", headers=club.viewer).get_data(as_text=True),
        api.get(f"{club.url}/export.json", headers=club.admin).get_data(as_text=True),
        api.get(table.url, headers=club.member).get_data(as_text=True),
        api.get(f"{table.url}/hands", headers=club.member).get_data(as_text=True),
        api.get(f"{table.url}/export.csv", headers=club.member).get_data(as_text=True),
        api.get(f"{table.url}/export.json", headers=club.member).get_data(as_text=True),
    ]
    for text in texts:
        assert "Benno" not in text
    assert club.get(f"/members/{ids['Benno']}")["games"] == before  # his figures stay


def test_two_members_who_are_one_person_are_merged_with_their_figures(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    bummerl(club)  # Anna beats Benno
    table = club.table("sixtysix", ["Sepp", "Franz"])
    seats = {"Anna": "Sepp", "Benno": "Franz"}
    for deal in SEPP_WINS:  # written for Anna and Benno: Sepp and Franz as they sit
        table.record({**deal, "claim": seats[deal["claim"]],
                      **{k: {seats[p]: v for p, v in deal[k].items()} for k in ("points", "tricks")}})
    ids = club.members()
    merged = api.post(f"{club.url}/members/{ids['Franz']}/merge", json={"into": ids["Benno"]}, headers=club.admin)
    assert merged.status_code == 200, merged.get_json()
    assert "Franz" not in club.members()
    benno = next(m for m in club.get("/season")["members"] if m["name"] == "Benno")["games"]["sixtysix"]
    assert benno["bummerl_received"] == 2 and benno["cents"] == -100
    assert table.get()["players"] == ["Sepp", "Benno"]


def test_members_who_sat_at_one_table_are_not_merged(api: FlaskClient) -> None:
    club = open_club(api)
    bummerl(club)
    ids = club.members()
    problem = assert_problem(api.post(f"{club.url}/members/{ids['Anna']}/merge", json={"into": ids["Benno"]},
                                      headers=club.admin), 409, "merge_same_table")
    assert "Anna" in problem["detail"] and "Benno" in problem["detail"]
    assert_problem(api.post(f"{club.url}/members/{ids['Anna']}/merge", json={"into": "nobody"},
                            headers=club.admin), 422)
    assert_problem(api.post(f"{club.url}/members/{ids['Anna']}/merge", json={"into": ids["Anna"]},
                            headers=club.admin), 422)
    assert club.members() == ids


# --- settings ---------------------------------------------------------------------------------


def test_new_rates_apply_to_tables_started_after(api: FlaskClient) -> None:
    club = open_club(api, rates={"per_bummerl": 50})
    changed = api.patch(club.url, json={"rates": {"per_bummerl": 100}}, headers=club.admin)
    assert changed.status_code == 200 and changed.get_json()["rates"]["per_bummerl"] == 100
    assert club.table("sixtysix", ["Anna", "Benno"]).get()["rates"] == {"per_bummerl": 100}
    assert_problem(api.patch(club.url, json={"rates": {"per_bummerl": 0.5}}, headers=club.admin), 422)
    assert_problem(api.patch(club.url, json={"rates": {"per_bummerl": 10}}, headers=club.member), 403)
    assert club.get()["rates"]["per_bummerl"] == 100


@pytest.mark.parametrize("field", ["members", "timezone", "rates"])
def test_a_field_given_as_null_is_refused_not_taken_as_left_out(api: FlaskClient, field: str) -> None:
    problem = assert_problem(api.post("/api/clubs", json={"name": "Linde", field: None}), 422)
    assert field in problem["errors"]
    club = open_club(api)
    problem = assert_problem(api.patch(club.url, json={field if field != "members" else "name": None},
                                       headers=club.admin), 422)
    assert club.get()["timezone"] == "Europe/Berlin"


def test_the_admin_deletes_the_club_with_its_tables(api: FlaskClient) -> None:
    club = open_club(api)
    table = bummerl(club)
    assert_problem(api.delete(club.url, json={"confirm": club.id}, headers=club.member), 403)
    assert_problem(api.delete(club.url, json={"confirm": "another"}, headers=club.admin), 422)
    assert api.get(club.url, headers=club.viewer).status_code == 200
    assert api.delete(club.url, json={"confirm": club.id}, headers=club.admin).status_code == 204
    assert_problem(api.get(club.url, headers=club.admin), 401)
    assert_problem(api.get(table.url, headers=bearer(table.created["viewer_token"])), 410, "match_deleted")


def test_each_token_reads_the_links_it_may_hand_on(api: FlaskClient) -> None:
    """The admin shows the members' link again from any phone; a member the viewers'; a viewer
    only his own."""
    club = open_club(api)
    made = club.created
    admin = club.get(token=club.admin)
    assert (admin["member_token"], admin["join_url"], admin["view_url"]) == (
        made["member_token"], made["join_url"], made["view_url"])
    member = club.get(token=club.member)
    assert (member["viewer_token"], member["view_url"]) == (made["viewer_token"], made["view_url"])
    assert "admin_token" not in member and "admin_url" not in member
    viewer = club.get(token=club.viewer)
    assert "member_token" not in viewer and "join_url" not in viewer
