// The tournaments this phone has opened, kept in its storage beside its tables (store.js kept):
// {id: {token, role, name, view_url?, phase?, round?, rounds_total?, seen}}. The home page lists
// them (home.js); a tournament's page keeps its entry up to date (store.js).

import { kept } from '../store.js';

export const tournaments = kept('kreide.tournaments');
