import { FILE_ERROR_KEYS, type DocumentAction, type DocumentHost } from '@agora/contracts';
import { forbidden, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { fileCan, frozenReason } from './access.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { actionsForFile, actionUrl, type OfficeDiscovery } from './office-discovery.ts';
import type { WopiTokens } from './wopi-token.ts';

/** The address of a file's WOPI host calls (`WOPISrc`). */
export const wopiSrc = (publicUrl: string, fileId: string) => `${publicUrl}/wopi/files/${fileId}`;

/**
 * Office documents: which of the office server's actions a member may use on a file, and what
 * the editor host page needs to open one (the editor's address and an access token).
 */
export function createOffice(deps: ApprovalDeps, parts: { discovery: OfficeDiscovery; tokens: WopiTokens }) {
  const { access } = deps;

  /**
   * The file's actions with whether the member may use each: view always; edit when they may
   * change the file (an office editor's own lock does not count: members edit together); any
   * other action while the file is neither finalized nor locked by someone else in storage, for
   * members who may change or review it. Where edit is allowed, review is left out.
   */
  async function actionsOf(actor: Actor, fileId: string) {
    const filesAccess = await access.load(actor);
    const { file, folders } = await access.loadFile(filesAccess, fileId);
    const discovered = await parts.discovery.actions();
    if (!discovered) return { file, actions: [] as Array<DocumentAction & { urlsrc: string }> };
    const [object] = await deps.storage.live(actor.networkId, [file.id]);
    const lock = object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;
    const now = new Date();
    const unlocked = { ...file, wopiLock: null, wopiLockExpiresAt: null };
    const can = fileCan(filesAccess, unlocked, folders, lock, now);
    const frozen = frozenReason(filesAccess, unlocked, lock, now) !== null;
    const actions = actionsForFile(discovered, file).map((a) => ({
      action: a.name,
      app: a.app,
      urlsrc: a.urlsrc,
      authorized: a.name === 'view' ? true : a.name === 'edit' ? can.update : !frozen && (can.update || can.review),
    }));
    const editable = actions.some((a) => a.action === 'edit' && a.authorized);
    return { file, actions: editable ? actions.filter((a) => a.action !== 'review') : actions };
  }

  return {
    /** Whether the office server's discovery can be read, where one is configured (for `/api/storage/v2/discover`). */
    async discoveryReadable(): Promise<boolean> {
      if (!parts.discovery.configured) return true;
      return (await parts.discovery.actions()) !== null;
    },

    /** `GET /files/{fileId}/{wopi|docs}/actions`: empty without an office server. */
    async actions(actor: Actor, fileId: string): Promise<DocumentAction[]> {
      const { actions } = await actionsOf(actor, fileId);
      return actions.map(({ action, app, authorized }) => ({ action, app, authorized }));
    },

    /**
     * `GET /api/storage/files/{id}/{type}/host/{action}`: the editor's address and a token for this
     * member; `showReviewChanges` is passed back for the host page, which asks the editor to show
     * the tracked changes once the document is loaded (the address has no placeholder for it).
     */
    async host(
      actor: Actor,
      fileId: string,
      action: string,
      options: { locale: string; showReviewChanges: boolean },
    ): Promise<DocumentHost> {
      const { file, actions } = await actionsOf(actor, fileId);
      const chosen = actions.find((a) => a.action === action);
      if (!chosen) throw unprocessable({ action: [FILE_ERROR_KEYS.noDocumentAction] });
      if (!chosen.authorized) throw forbidden();
      const { token, expiresAt } = parts.tokens.sign({
        networkId: actor.networkId,
        fileId: file.id,
        membershipId: actor.membershipId,
        action,
        write: action !== 'view',
      });
      return {
        url: actionUrl(chosen.urlsrc, wopiSrc(deps.publicUrl, file.id), options.locale),
        access_token: token,
        access_token_ttl: expiresAt,
        file_name: file.name,
        show_review_changes: options.showReviewChanges,
      };
    },
  };
}

export type Office = ReturnType<typeof createOffice>;
