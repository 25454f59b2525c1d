-- The next nonce of each address the app sends from (custodial wallets, the treasury), shared by every server process:
-- a payment takes the address's lease (an advisory lock in its transaction), uses the larger of this and what the
-- node counts as pending, and stores the next one before the lease ends. Platform-wide: an address is one account on
-- the chain whatever tenant holds it; only the owner role (the sending code outside any tenant scope) reads it.
CREATE TABLE yuan_chain_sender (
  address text PRIMARY KEY,
  next_nonce bigint NOT NULL
);
REVOKE ALL ON yuan_chain_sender FROM yuan_app;
