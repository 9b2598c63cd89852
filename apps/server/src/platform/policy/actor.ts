/** Who is asking: a signed-in member of the request's network. */
export type Actor = {
  userId: string;
  membershipId: string;
  networkId: string;
  isNetworkAdmin: boolean;
  isExternal: boolean;
  locale: string | null;
  sessionId: string;
};

/** The network a request is addressed to, resolved from its host. */
export type NetworkContext = {
  id: string;
  name: string;
  language: string;
};

/** The authentication a route declares; every route must declare one. */
export type AuthRule = 'public' | 'member' | 'network_admin';
