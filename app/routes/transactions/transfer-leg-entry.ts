/**
 * A transfer's leg keeps its transfer's way (its Money out/in pair is shown, not offered), so a
 * minus typed on its money-in side is told to drop the minus, not to "choose money out" as an
 * ordinary movement is. The form and the action both pick the message here.
 */
export function minusWithInOf(transferLeg: boolean): string | undefined {
  return transferLeg ? "transactionsPage.transferLeg.minusOnMoneyIn" : undefined;
}
