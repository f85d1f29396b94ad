// The clubs this phone has opened, kept in its storage beside its tables (store.js kept):
// {id: {token, access, name, members?, member_token?, viewer_token?, join_url?, view_url?,
// seen}}. The home page lists them (home.js); a club's page keeps its entry up to date
// (store.js). The tokens a creation answered with stay here: the admin's page links the
// tables with the members' token, never with his own.

import { kept } from '../store.js';

export const clubs = kept('kreide.clubs');
