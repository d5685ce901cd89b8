/** Where a subscription's confirmation and unsubscribe links lead (pages in app/routes/site/). */
export const SUBSCRIBE_PATH = "/subscribe";
export const confirmSubscriptionPath = (token: string) => `/subscribe/confirm?token=${token}`;
export const unsubscribePath = (token: string) => `/unsubscribe?token=${token}`;
