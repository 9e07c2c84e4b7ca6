import type { AmlRefusal } from '@loupe/contracts';
import {
  AmlRefusalAlert,
  amlRefusalOf,
  Button,
  FormFailure,
  FormNotices,
  formatMoney,
  Modal,
  ReasonForm,
  readServerErrors,
  rowMessages,
  toDecimal,
  useEntityForm,
  type FormProblems,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PaymentFields } from '../../../components/payment-rows';
import {
  payment,
  paymentBody,
  paymentErrors as checkPayment,
  paymentField,
  type PaymentValues,
} from '../../../lib/payment-values';
import { useCancelDeal } from '../api/cancel-deal';
import { useCompleteDeal } from '../api/complete-deal';
import type { Deal } from '../api/get-deals';
import { usePayDeal } from '../api/pay-deal';

/*
 * The actions of a reserved deal (issue 20): an instalment, the completion that issues the invoice, and the
 * cancellation, which asks why. Each is a dialog that keeps what was typed when the service refuses it.
 */

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Lead = styled.p`
  margin-top: 0;
`;

const CANCEL_REASON_MAX = 500;

/**
 * The service's refusal of the payment: `payment.amount` (an instalment) or `payments[0].amount` (the
 * completion's payment) → that field of the dialog's one payment; the rest above.
 */
function paymentRefusal(error: unknown, key: string, fallback: string) {
  const server = readServerErrors(error, fallback);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [name, message] of Object.entries(server.fields)) {
    const match = /^payments?(?:\[0\])?(?:\.(\w+))?$/.exec(name);
    if (match) fields[paymentField(key, match[1] ?? 'amount')] = message;
    else general.push(message);
  }
  const form = [server.form, ...general].filter(Boolean).join(' ') || null;
  return { fields, form };
}

/** The dialog's one payment, as a list of one so its fields carry the names the payment rows give them. */
interface PaymentFormValues {
  payments: [PaymentValues];
}

/** The balance left as the next payment: what usually settles the deal. */
const paymentOfBalance = (deal: Deal) => payment(toDecimal(Math.max(deal.totals.balanceGbp, 0)));

interface DealDialogProps {
  deal: Deal;
  open: boolean;
  onClose(): void;
  /** The service answered the deal as it is now, with what to tell the user. */
  onDone(deal: Deal, message: string): void;
}

/** Take payment: an instalment on a reserved deal (money in, up to the balance left). */
export function TakePaymentDialog({ deal, open, onClose, onDone }: DealDialogProps) {
  return (
    <Modal open={open} title="Take payment" onClose={onClose} closeLabel="Cancel">
      {open ? <PaymentForm deal={deal} mode="instalment" onDone={onDone} /> : null}
    </Modal>
  );
}

/** Complete sale: the last payment (none when the deposits settle it), then the invoice. */
export function CompleteDealDialog({ deal, open, onClose, onDone }: DealDialogProps) {
  return (
    <Modal open={open} title="Complete sale" onClose={onClose} closeLabel="Cancel">
      {open ? <PaymentForm deal={deal} mode="complete" onDone={onDone} /> : null}
    </Modal>
  );
}

function PaymentForm({
  deal,
  mode,
  onDone,
}: {
  deal: Deal;
  mode: 'instalment' | 'complete';
  onDone: DealDialogProps['onDone'];
}) {
  const settled = deal.totals.balanceGbp <= 0;
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const [initial] = useState<PaymentFormValues>(() => ({ payments: [paymentOfBalance(deal)] }));
  const pay = usePayDeal();
  const complete = useCompleteDeal();
  const title = mode === 'complete' ? 'Complete sale' : 'Take payment';
  const withPayment = mode === 'instalment' || !settled;
  const failed = 'The payment could not be recorded. Please try again.';

  // The platform's edit/create controller, as every dialog's form: the payment's rules before sending, the
  // service's field errors at their fields, one send at a time. A dialog is closed, not left: no guard.
  const controller = useEntityForm<PaymentFormValues, Deal>({
    values: initial,
    check: ({ payments: [p] }) => {
      const problems: FormProblems<PaymentFormValues> = {};
      if (withPayment)
        for (const [field, message] of Object.entries(checkPayment(p)))
          problems[paymentField(p.key, field)] = message;
      return problems;
    },
    async save({ payments: [p] }) {
      try {
        return await (mode === 'complete'
          ? complete.mutateAsync({ id: deal.id, body: { payments: withPayment ? [paymentBody(p)] : [] } })
          : pay.mutateAsync({ id: deal.id, body: { payment: paymentBody(p) } }));
      } catch (error) {
        if (amlRefusalOf(error)) throw error;
        throw new FormFailure(paymentRefusal(error, p.key, failed));
      }
    },
    failedText: failed,
    guard: false,
    // The deal's page says it, with the invoice or the balance left.
    savedMessage: null,
    onFailed(error) {
      const aml = amlRefusalOf(error);
      if (aml) setRefusal(aml);
      return aml !== null;
    },
    onSaved: (saved) =>
      onDone(
        saved,
        mode === 'complete'
          ? `Sale complete.${saved.invoice ? ` Invoice ${saved.invoice.reference} issued.` : ''}`
          : `Payment taken. Balance left ${formatMoney(saved.totals.balanceGbp)}.`,
      ),
  });
  const { busy, form } = controller;
  const [values] = form.watch('payments');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog's form sits above the deal's page: its submit is its own.
    event.stopPropagation();
    if (busy) return;
    setRefusal(null);
    void controller.onSubmit();
  }

  return (
    <form ref={controller.formRef} onSubmit={submit} noValidate aria-label={title}>
      <Lead>
        Balance left: <strong>{formatMoney(deal.totals.balanceGbp)}</strong>
        {mode === 'complete'
          ? settled
            ? '. The payments so far settle the deal: completing it issues the invoice.'
            : '. The last payment settles it, and the invoice is issued at once.'
          : '.'}
      </Lead>
      {refusal ? (
        <AmlRefusalAlert refusal={refusal} title="Cash refused (anti-money-laundering rule)." />
      ) : null}
      <FormNotices controller={controller} status={false} />
      {withPayment ? (
        <PaymentFields
          payment={values}
          errors={rowMessages(controller.messages, 'payments')[values.key]}
          allowOut={false}
          onChange={(key, patch) => {
            form.setValue('payments', [{ ...form.getValues('payments')[0], ...patch }], {
              shouldDirty: true,
            });
            controller.clear(Object.keys(patch).map((field) => paymentField(key, field)));
            setRefusal(null);
          }}
        />
      ) : null}
      <Actions>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : title}
        </Button>
      </Actions>
    </form>
  );
}

const POLICY_TEXT = 'By the shop’s setting, the payments are either refunded by their own methods or kept.';

/** Cancel reservation: cannot be undone, so it says what happens and asks why (the reason is required). */
export function CancelDealDialog({ deal, open, onClose, onDone }: DealDialogProps) {
  return (
    <Modal open={open} title="Cancel reservation" onClose={onClose} closeLabel="Keep reservation">
      {open ? <CancelForm deal={deal} onDone={onDone} /> : null}
    </Modal>
  );
}

function CancelForm({ deal, onDone }: Pick<DealDialogProps, 'deal' | 'onDone'>) {
  const cancel = useCancelDeal();
  const paid = formatMoney(deal.totals.paidGbp);
  return (
    <>
      <Lead>
        The items of {deal.reference} go back to stock. {POLICY_TEXT} Paid so far: {paid}.
      </Lead>
      <ReasonForm
        name="Cancel reservation"
        maxLength={CANCEL_REASON_MAX}
        blank="Say why the reservation is cancelled."
        hint="Kept with the deal for everyone to read."
        submitLabel="Cancel reservation"
        busyLabel="Cancelling..."
        failure="The reservation could not be cancelled. Please try again."
        send={(reason) => cancel.mutateAsync({ id: deal.id, reason })}
        onDone={(saved) =>
          onDone(
            saved,
            saved.cancelOutcome === 'forfeit'
              ? `Reservation cancelled. The items are back in stock; the ${paid} paid is kept (forfeit).`
              : `Reservation cancelled. The items are back in stock; the ${paid} paid is refunded.`,
          )
        }
      />
    </>
  );
}
