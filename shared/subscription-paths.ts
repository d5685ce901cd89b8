/** Where a subscription's confirmation and unsubscribe links lead (pages in app/routes/site/). */
export const SUBSCRIBE_PATH = "/subscribe";
export const confirmSubscriptionPath = (token: string) => `/subscribe/confirm?token=${token}`;
export const SUBSCRIPTION_CONFIRMED_PATH = "/subscribe/confirmed";
export const UNSUBSCRIBE_PATH = "/unsubscribe";
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}?token=${token}`;
