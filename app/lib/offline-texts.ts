// Its own module: the blog's message catalogue needs this sentence, not the contact form's chunk around it.
/** What a public form says while its submission waits for the connection. */
export const WAITING_TO_SEND = "You're offline — we'll send this when you're back online.";
