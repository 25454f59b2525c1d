/** A reason the embedded PostgreSQL cannot start that the operator can act on: printed as is, without a stack. */
export class EmbeddedError extends Error {}
