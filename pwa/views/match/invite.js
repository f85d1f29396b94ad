// The match page's invitation: first while the table is new, one tap away after (Invite, at
// the top): the QR code (fetched when it is opened, kept on this phone once loaded), the join
// link and the viewer link, through the shell's sharing (share.js). A mix-in of the match page
// (views/match.js).

import { NetworkError, api } from '../../api.js';
import { h, replace } from '../../dom.js';
import { t } from '../../i18n.js';
import { isLoopback, lanAddress, linkField, localNotice, qrImage, reachable } from '../../share.js';
import { tables } from '../../store.js';

export const invite = {
  /** The invitation, one tap away: opened and brought into view. */
  openInvite() {
    const invite = this.sections.invite;
    if (!invite.firstChild) this.renderInvite();
    invite.open = true;
    invite.scrollIntoView({ block: 'start' });
    const summary = invite.querySelector('summary');
    if (summary) summary.focus();
  },

  /** The invitation: the QR code, the join link (a scorer's) and the viewer link. */
  async renderInvite() {
    const { id, token } = this.store;
    const saved = tables.get(id) || {};
    const scorer = this.store.canWrite;
    const el = this.sections.invite;
    // on localhost: the server's network address (offline, the last heard of: a kept QR code names it)
    const local = isLoopback(location.hostname);
    const address = await lanAddress();
    const ownUrl = reachable(`${location.origin}/#/m/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, address);
    const viewUrl = scorer ? reachable(saved.view_url, address) : ownUrl;
    const { img, box: qr } = qrImage(t('qr_alt'), { 'data-qr': '' });
    replace(
      el,
      h('summary', {}, h('h2', { text: t('invite') })),
      local ? localNotice(address, { 'data-local-only': '' }) : null,
      scorer ? h('p', { class: 'hint', text: t('invite_hint') }) : null,
      qr,
      scorer ? linkField(t('join_link'), ownUrl, 'join', this.announce) : null,
      viewUrl ? linkField(t('view_link'), viewUrl, 'view', this.announce) : null,
    );
    // the QR code is fetched when the invitation is opened (it is data, not the table)
    const load = () => this.loadQr(img, qr, address);
    if (el.open) load();
    else el.addEventListener('toggle', () => el.open && load(), { once: true });
  },

  /**
   * The QR code of the invitation: the copy kept on this phone once loaded (it never changes
   * for a link), else the server's. Without a network it says so, keeps the links on offer,
   * and comes as soon as the network is back.
   */
  async loadQr(img, box, base) {
    if (this.qrFailed) {
      replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
      return;
    }
    if (!this.qrUrl) {
      const { id, token } = this.store;
      const kept = keptQr(id, token, base);
      if (kept) this.qrUrl = URL.createObjectURL(new Blob([kept], { type: 'image/svg+xml' }));
      else {
        try {
          const res = await api.qr(id, token, base);
          keepQr(id, token, base, await res.data.text());
          this.qrUrl = URL.createObjectURL(res.data);
        } catch (err) {
          if (this.gone) return;
          if (!(err instanceof NetworkError)) {
            this.qrFailed = true;
            replace(box, h('p', { class: 'hint', text: t('qr_failed') }));
            return;
          }
          box.classList.add('is-offline');
          replace(box, h('p', { class: 'notice', role: 'status', 'data-qr-offline': '', text: t('qr_offline') }),
            h('p', { class: 'hint', 'data-table-code': '', text: t('table_code', { code: id }) }));
          window.addEventListener('online', () => {
            if (this.gone || !box.isConnected) return;
            box.classList.remove('is-offline');
            replace(box, img);
            this.loadQr(img, box, base);
          }, { once: true });
          return;
        }
      }
    }
    img.src = this.qrUrl;
  },
};

const QR_KEY = (id) => `kreide.qr.${id}`;

/** The QR code's SVG kept on this phone for this link (or null). */
function keptQr(id, token, base) {
  try {
    const kept = JSON.parse(localStorage.getItem(QR_KEY(id)) || 'null');
    return kept && kept.link === `${token}|${base || ''}` ? kept.svg : null;
  } catch {
    return null;
  }
}

function keepQr(id, token, base, svg) {
  try {
    localStorage.setItem(QR_KEY(id), JSON.stringify({ link: `${token}|${base || ''}`, svg }));
  } catch {
    // storage full: loaded again next time
  }
}
