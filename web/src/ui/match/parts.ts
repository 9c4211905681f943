/** The match page's lazily loaded parts (see ../lazy.tsx): each its own chunk, fetched when first drawn. */
import { loadPanels } from '../../i18n.js';
import { lazyPart } from '../lazy.js';

// Their words may sit in the panels' catalog (shared/i18n/panels/), fetched with them.
const withWords = <T>(part: Promise<T>): Promise<T> => Promise.all([part, loadPanels()]).then(([p]) => p);

export const ChatPanel = lazyPart(() => withWords(import('./Chat.js').then((m) => m.ChatPanel)));
export const UndoControls = lazyPart(() => withWords(import('./UndoControls.js').then((m) => m.UndoControls)));
export const RematchOffer = lazyPart(() => withWords(import('./MatchActions.js').then((m) => m.RematchOffer)));
export const ShareZone = lazyPart(() => withWords(import('./MatchActions.js').then((m) => m.ShareZone)));
export const ResignZone = lazyPart(() => withWords(import('./MatchActions.js').then((m) => m.ResignZone)));
export const StandInNotice = lazyPart(() => withWords(import('./StandIn.js').then((m) => m.StandInNotice)));
export const AwayZone = lazyPart(() => withWords(import('./StandIn.js').then((m) => m.AwayZone)));
export const OutcomePanel = lazyPart(() => withWords(import('../Outcome.js').then((m) => m.OutcomePanel)));
export const RulesButton = lazyPart(() => withWords(import('../RulesHelp.js').then((m) => m.RulesButton)));
export const JoinForm = lazyPart(() => withWords(import('./JoinForm.js').then((m) => m.JoinForm)));
