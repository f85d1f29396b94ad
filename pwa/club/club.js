// The club's page: tonight's tables first (each a link to its match, opened with the club's
// token for tables), the way to tonight's board and to a new table; the evenings, newest first;
// the season; the members, each a link to his page, with the admin's actions (rename, merge into
// another, anonymise: each confirmed) only for the admin's token; the links that invite; for
// the admin, the whole club saved as one file (for another server's import, new.js).
// Live: a change of the club or of one of its tables draws tonight and the evenings again (a
// form being typed in stays as it is).

import { ApiError, KeyRing, NetworkError } from '../api.js';
import { clearProblem, errorSlot, h, randomKey, replace, showProblem, uid } from '../dom.js';
import { t } from '../i18n.js';
import { lanAddress, linkField, qrImage } from '../share.js';
import './home.js'; // its sentences (club_access_*)
import { evening, offlineMark, showMark, tableItem } from './common.js';
import { clubs } from './kept.js';
import { clubApi } from './store.js';

/** A file the API answered with, saved on this phone. */
function saveBlob(blob, file) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: file });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export class ClubView {
  constructor(root, store, { announce, href }) {
    this.root = root;
    this.store = store;
    this.announce = announce;
    this.href = href;
    this.keys = new KeyRing(randomKey);
    this.open = null; // the member whose admin panel is open
  }

  get data() {
    return this.store.data;
  }

  /** Tonight's tables: those of tonight's evening, and those started but without a hand yet. */
  tonight() {
    const d = this.data;
    return (d.matches || []).filter((m) => m.evening === d.tonight || (!m.evening && !m.finished));
  }

  render() {
    const d = this.data;
    this.mark = offlineMark(this.store.fresh, this.store.seen);
    this.tonightBox = h('section', { class: 'card', 'data-tonight': '', 'aria-labelledby': 'club-tonight-h' });
    this.eveningsBox = h('section', { class: 'card', 'data-evenings': '', 'aria-labelledby': 'club-evenings-h' });
    this.membersBox = h('section', { class: 'card', 'data-members': '', 'aria-labelledby': 'club-members-h' });
    replace(
      this.root,
      h('div', { class: 'club', 'data-club-page': '', 'data-access': this.store.access, 'data-revision': d.revision },
        h('h1', { class: 'page-title', tabindex: -1, 'data-title': '', text: d.name }),
        h('p', { class: 'tagline', 'data-access-line': '', text: t(`club_you_${this.store.access}`) }),
        this.mark,
        this.tonightBox,
        this.eveningsBox,
        h('section', { class: 'card', 'data-season-card': '' },
          h('h2', { text: t('club_season') }),
          h('p', { class: 'hint', text: t('club_season_hint') }),
          h('p', { class: 'actions' }, h('a', { href: this.href('season'), class: 'button secondary', 'data-season-link': '', text: t('club_season_link') }))),
        this.membersBox,
        this.invite(),
        this.moving()),
    );
    this.drawTonight();
    this.drawEvenings();
    this.drawMembers();
  }

  /** The club changed (live): tonight and the evenings drawn again; the members too unless a form there is being used. */
  changed() {
    if (!this.tonightBox || !this.tonightBox.isConnected) return this.render();
    this.root.querySelector('[data-club-page]').dataset.revision = this.data.revision;
    this.drawTonight();
    this.drawEvenings();
    const busy = this.membersBox.contains(document.activeElement) && document.activeElement.matches('input, select, textarea');
    if (!busy) this.drawMembers();
    return null;
  }

  renderConnection() {
    showMark(this.root, this.store.fresh, this.store.seen);
  }

  drawTonight() {
    const d = this.data;
    const tables = this.tonight();
    replace(
      this.tonightBox,
      h('h2', { id: 'club-tonight-h' }, t('club_tonight'), ' ', h('span', { class: 'club-date', text: evening(d.tonight) })),
      tables.length
        ? h('ul', { class: 'tables', 'data-tonight-tables': '' }, tables.map((m) => tableItem(this.store, m)))
        : h('p', { class: 'hint', text: t('club_tonight_none') }),
      h('p', { class: 'actions' },
        this.store.canPlay ? h('a', { href: this.href('start'), class: 'button primary', 'data-start-table': '', text: t('club_start') }) : null,
        h('a', { href: this.href(`evening/${d.tonight}`), class: 'button secondary', 'data-board-link': '', text: t('club_board') })),
    );
  }

  drawEvenings() {
    const days = this.data.evenings || [];
    replace(
      this.eveningsBox,
      h('h2', { id: 'club-evenings-h', text: t('club_evenings') }),
      days.length
        ? h('ul', { class: 'tables' }, days.map((day) => h('li', { 'data-evening': day.date },
            h('a', { href: this.href(`evening/${day.date}`), class: 'table-link' },
              h('span', { class: 'table-names', text: evening(day.date) }),
              h('span', { class: 'hint', text: t('club_n_tables', { n: (day.matches || []).length }) })))))
        : h('p', { class: 'hint', text: t('club_evenings_none') }),
    );
  }

  drawMembers() {
    const members = this.data.members || [];
    replace(
      this.membersBox,
      h('h2', { id: 'club-members-h', text: t('club_members') }),
      members.length
        ? h('ul', { class: 'tables club-members' }, members.map((m) => this.memberItem(m, members)))
        : h('p', { class: 'hint', text: t('club_members_none') }),
      this.store.canPlay ? this.addForm() : null,
    );
  }

  memberItem(member, members) {
    return h(
      'li',
      { 'data-member': member.id, 'data-name': member.name },
      h('div', { class: 'club-member' },
        h('a', { href: this.href(`member/${member.id}`), class: 'table-link' },
          h('span', { class: 'table-names', text: member.name }),
          member.anonymised ? h('span', { class: 'hint', text: t('club_anonymised') }) : null),
        this.store.isAdmin ? this.manage(member, members) : null),
    );
  }

  /** The admin's actions on one member, folded away until opened. */
  manage(member, members) {
    const id = uid('mm');
    const problem = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    const name = h('input', { id: `${id}-name`, type: 'text', maxlength: 24, value: member.anonymised ? '' : member.name, 'data-field': 'name', 'aria-describedby': `${id}-name-e`, autocomplete: 'off' });
    const others = members.filter((m) => m.id !== member.id);
    const into = h('select', { id: `${id}-into`, 'data-field': 'into', 'aria-describedby': `${id}-into-e` },
      others.map((m) => h('option', { value: m.id, text: m.name })));
    const form = h('form', { class: 'club-manage-form', novalidate: true, onsubmit: (e) => e.preventDefault() },
      problem,
      h('div', { class: 'field' },
        h('label', { for: `${id}-name`, text: t('club_rename_label', { name: member.name }) }),
        h('div', { class: 'club-row' }, name,
          h('button', { type: 'button', class: 'secondary', 'data-rename': member.id, onclick: () => this.rename(member, name.value, form, problem), text: t('club_rename') })),
        errorSlot('name', `${id}-name-e`)),
      others.length ? h('div', { class: 'field' },
        h('label', { for: `${id}-into`, text: t('club_merge_label', { name: member.name }) }),
        h('div', { class: 'club-row' }, into,
          h('button', { type: 'button', class: 'secondary', 'data-merge': member.id, onclick: () => this.merge(member, into.value, form, problem), text: t('club_merge') })),
        errorSlot('into', `${id}-into-e`)) : null,
      member.anonymised ? null : h('div', { class: 'field' },
        h('p', { class: 'hint', text: t('club_anonymise_hint') }),
        h('button', { type: 'button', class: 'danger', 'data-anonymise': member.id, onclick: () => this.anonymise(member, form, problem), text: t('club_anonymise') })));
    const details = h('details', { class: 'club-manage', open: this.open === member.id, ontoggle: () => {
      if (details.open) this.open = member.id;
      else if (this.open === member.id) this.open = null;
    } },
      h('summary', { 'data-manage': member.id, text: t('club_manage', { name: member.name }) }),
      form);
    return details;
  }

  /** An admin's write, then the club read again; a refusal shown in the member's form. */
  async act(write, form, problem, said) {
    clearProblem(form, problem);
    try {
      await write();
      this.open = null;
      await this.store.refresh({ force: true });
      this.drawMembers();
      this.announce(said);
    } catch (err) {
      if (err instanceof ApiError) showProblem(form, problem, err.problem);
      else if (err instanceof NetworkError) showProblem(form, problem, { detail: t('offline') });
      else throw err;
    }
  }

  rename(member, typed, form, problem) {
    const name = typed.trim();
    if (!name) return showProblem(form, problem, { errors: { name: t('name_missing') } });
    return this.act(() => clubApi.rename(this.store.id, this.store.token, member.id, name), form, problem, t('club_renamed', { old: member.name, name }));
  }

  merge(member, into, form, problem) {
    const target = this.store.members[into];
    if (!target || !window.confirm(t('club_merge_confirm', { name: member.name, into: target.name }))) return null;
    return this.act(() => clubApi.merge(this.store.id, this.store.token, member.id, into), form, problem, t('club_merged', { name: member.name, into: target.name }));
  }

  anonymise(member, form, problem) {
    if (!window.confirm(t('club_anonymise_confirm', { name: member.name }))) return null;
    return this.act(() => clubApi.anonymise(this.store.id, this.store.token, member.id), form, problem, t('club_anonymised_ok'));
  }

  /** A new member by name (the members' token may add one, as a guest at a table becomes one). */
  addForm() {
    const problem = h('div', { class: 'problem', role: 'alert', tabindex: -1 });
    const input = h('input', { id: 'club-add-name', type: 'text', maxlength: 24, autocomplete: 'off', autocapitalize: 'words', 'data-field': 'name', 'aria-describedby': 'club-add-e' });
    const form = h('form', { class: 'club-add', novalidate: true, 'data-add-member': '', onsubmit: async (e) => {
      e.preventDefault();
      clearProblem(form, problem);
      const name = input.value.trim();
      if (!name) return showProblem(form, problem, { errors: { name: t('name_missing') } });
      const body = { name };
      try {
        await clubApi.addMember(this.store.id, this.store.token, name, this.keys.keyFor(body));
        this.keys.done();
        await this.store.refresh({ force: true });
        this.drawMembers();
        this.announce(t('club_member_added', { name }));
        this.membersBox.querySelector('#club-add-name').focus();
      } catch (err) {
        if (err instanceof ApiError) showProblem(form, problem, err.problem);
        else if (err instanceof NetworkError) showProblem(form, problem, { detail: t('offline') });
        else throw err;
      }
      return null;
    } },
      problem,
      h('label', { for: 'club-add-name', text: t('club_add_member') }),
      h('div', { class: 'club-row' }, input, h('button', { type: 'submit', class: 'secondary', text: t('club_add') })),
      errorSlot('name', 'club-add-e'));
    return form;
  }

  /** The club's links this phone knows: the members' QR code and link (for a member or the
   * admin: GET .../qr.svg draws the members' link for both) and the screen's link. */
  invite() {
    if (!this.store.canPlay) return null;
    const known = clubs.get(this.store.id) || {};
    const own = `${location.origin}/#/c/${encodeURIComponent(this.store.id)}/${encodeURIComponent(this.store.tableToken)}`;
    const join = this.data.join_url || known.join_url || (this.store.access === 'member' ? own : null);
    const view = this.data.view_url || known.view_url;
    const { img, box } = qrImage(t('club_qr_alt'), { 'data-club-qr': '' });
    box.hidden = true;
    this.loadQr(img, box);
    return h('section', { class: 'card', 'data-club-invite': '' },
      h('h2', { text: t('club_invite') }),
      h('p', { class: 'hint', text: t('club_qr_hint') }),
      box,
      join ? linkField(t('club_join_link'), join, 'club-join', this.announce) : null,
      view ? linkField(t('club_view_link'), view, 'club-view', this.announce) : null);
  }

  /** The admin's copy of the whole club, for another server (POST /api/clubs/import takes it). */
  moving() {
    if (!this.store.isAdmin) return null;
    return h('section', { class: 'card', 'data-club-moving': '' },
      h('h2', { text: t('club_moving') }),
      h('p', { class: 'hint', text: t('club_export_hint') }),
      h('p', { class: 'actions' }, h('button', {
        type: 'button', class: 'secondary', 'data-export': '',
        onclick: async () => {
          try {
            const { data } = await clubApi.export(this.store.id, this.store.token);
            saveBlob(data, `kreide-club-${this.store.id}.json`);
          } catch {
            this.announce(t('club_export_failed'));
          }
        },
        text: t('club_export'),
      })));
  }

  async loadQr(img, box) {
    try {
      const blob = (await clubApi.qr(this.store.id, this.store.token, await lanAddress())).data;
      if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
      this.qrUrl = URL.createObjectURL(blob);
      img.src = this.qrUrl;
      box.hidden = false;
    } catch {
      // offline: the links below still work
    }
  }

  destroy() {
    if (this.qrUrl) URL.revokeObjectURL(this.qrUrl);
  }
}
