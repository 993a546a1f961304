/** How much of the conversation goes with a message: shared by the dialog and the route. */

/** The conversation's last turns that go with a message, so that a follow-up is understood. */
export const MAX_HISTORY_TURNS = 6;
/** A turn of the conversation is cut to this many characters before it is sent. */
export const MAX_HISTORY_TURN_LENGTH = 1000;
