// Sharing a link to a table, as the match page's invitation and a tournament table's QR code do
// alike: the address the other phones can reach (a page opened on this very device, localhost,
// gives the server's network address instead, GET /api/network), the link in a field with its
// copy and share buttons, the QR code's image, and the notice that a localhost link works only
// here.

import { api } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

const NETWORK_KEY = 'kreide.network';
let network = null; // the server's network addresses, once it has said them

/** Whether a host name is this device itself (a link to it works on no other phone). */
export function isLoopback(host) {
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\./.test(host);
}

/**
 * Where other phones reach this server, when this page runs on localhost: its first network
 * address ("http://192.168.1.20:8000"), or null when there is none or the page's own address
 * serves (not localhost). Offline, the addresses last heard of (kept on this phone).
 */
export async function lanAddress() {
  if (!isLoopback(location.hostname)) return null;
  if (network === null) {
    try {
      network = (await api.network()).data.addresses || [];
      localStorage.setItem(NETWORK_KEY, JSON.stringify(network));
    } catch {
      try {
        return (JSON.parse(localStorage.getItem(NETWORK_KEY) || '[]') || [])[0] || null;
      } catch {
        return null;
      }
    }
  }
  return network[0] || null;
}

/** A link of this server as another phone reaches it (`address`: lanAddress()'s). */
export function reachable(url, address) {
  return url && address ? url.replace(location.origin, address) : url;
}

/** On localhost: the notice that this page's own address works only here (and the one that does). */
export function localNotice(address, attrs = {}) {
  const text = address ? t('local_only', { host: location.host, address }) : t('local_only_none', { host: location.host });
  return h('p', { class: 'notice', ...attrs, text });
}

/** The QR code's image in its box (its src set once it has come). */
export function qrImage(alt, attrs = {}) {
  const img = h('img', { class: 'qr', alt, width: 240, height: 240, ...attrs });
  return { img, box: h('div', { class: 'qr-box' }, img) };
}

/** A button that copies `url` (where the clipboard is refused: the field's text, selected). */
export function copyButton(url, input, announce, attrs = {}) {
  return h('button', {
    type: 'button',
    class: 'secondary',
    ...attrs,
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
        announce(t('copied'));
      } catch {
        input.select();
        announce(document.execCommand && document.execCommand('copy') ? t('copied') : t('copy_failed'));
      }
    },
    text: t('copy'),
  });
}

/** A link in a read-only field with its copy button and, where the phone offers it, its share button. */
export function linkField(label, url, kind, announce) {
  const id = `link-${kind}`;
  const input = h('input', { id, type: 'text', readonly: true, value: url, 'data-link': kind, class: 'link' });
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: label }),
    h(
      'div',
      { class: 'link-row' },
      input,
      copyButton(url, input, announce, { 'data-copy': kind }),
      // the phone's own sharing (messages, nearby devices), where the browser offers it
      navigator.share
        ? h('button', {
            type: 'button',
            class: 'secondary',
            'data-share': kind,
            onclick: () => navigator.share({ title: 'Kreide', text: t('share_text'), url }).catch(() => {}),
            text: t('share'),
          })
        : null,
    ),
  );
}
