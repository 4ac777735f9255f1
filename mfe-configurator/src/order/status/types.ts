/** The card as the person types it, before it is checked (cardInput in logic.ts): shared by the payment hook and the card form. */
export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}
