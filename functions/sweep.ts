// PLACEHOLDER: replaced by the notifications work
/** The reminder and deadline sweep, invoked on a schedule. */
export async function handler(): Promise<void> {}
