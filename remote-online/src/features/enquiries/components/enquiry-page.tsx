import { ENQUIRY_MESSAGES, ENQUIRY_STATUS_LABELS } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  Facts,
  formatMoment,
  Modal,
  PageHeader,
  RecordPending,
  useAuth,
  useCan,
  usePageTitle,
  useRecordId,
} from '@loupe/platform';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useCloseEnquiry, useConvert, useEnquiry, type EnquiryDetail } from '../api/enquiries';
import { itemTitleOf, mailOutcome, mailStatusLabel } from './enquiry-text';
import { ReplyForm } from './reply-form';

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Replies = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const H2 = styled.h2`
  font-size: 1.15rem;
`;

const Back = () => <Link to="/online/enquiries">Back to Enquiries</Link>;

/** Where a client's record opens (remote-clients' route). */
const clientPath = (id: number) => `/clients/edit/${id}`;

function ItemFact({ enquiry }: { enquiry: EnquiryDetail }) {
  const { item } = enquiry;
  return (
    <>
      <Link to={`/inventory/item/${item.id}`}>{itemTitleOf(enquiry)}</Link>
      {item.stockNumber ? ` · Stock no. ${item.stockNumber}` : item.serial ? ` · ${item.serial}` : ''}
      {item.online ? null : (
        <>
          {' '}
          <Muted>
            {item.onOfferWhenAsked ? '(no longer on the storefront)' : '(not on the storefront when asked)'}
          </Muted>
        </>
      )}
    </>
  );
}

function RepliesSent({ enquiry, timeZone }: { enquiry: EnquiryDetail; timeZone?: string }) {
  const titleId = useId();
  // The outbox is read by those who may (platinum, gold); others see how it went without the link.
  const seesOutbox = useCan()('viewOutbox');
  return (
    <section aria-labelledby={titleId}>
      <H2 id={titleId}>Replies sent</H2>
      {enquiry.replies.length === 0 ? (
        <p>No reply yet.</p>
      ) : (
        <Replies>
          {enquiry.replies.map((reply) => (
            <li key={reply.id}>
              <strong>{reply.subject}</strong>
              <br />
              <Muted>
                {formatMoment(reply.createdAt, timeZone)} by {reply.sentBy} ·{' '}
                {mailStatusLabel(reply.mailStatus)}: {mailOutcome(reply.mailStatus)}
                {reply.mailId !== null && seesOutbox ? (
                  <>
                    {' '}
                    <Link to={`/settings/outbox/${reply.mailId}`}>In the outbox</Link>
                  </>
                ) : null}
              </Muted>
              <Text>{reply.body}</Text>
            </li>
          ))}
        </Replies>
      )}
    </section>
  );
}

/**
 * Convert to client: links the client with the same e-mail, or makes one from the enquiry (the dialog says
 * which before anything changes); then the client is a link away.
 */
function ConvertButton({ enquiry }: { enquiry: EnquiryDetail }) {
  const convert = useConvert();
  const [confirming, setConfirming] = useState(false);
  const match = enquiry.matchedClient;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          convert.reset();
          setConfirming(true);
        }}
      >
        Convert to client
      </Button>
      <Modal
        open={confirming}
        title="Convert to client?"
        closeLabel="Cancel"
        onClose={() => setConfirming(false)}
      >
        <p>
          {match
            ? `${enquiry.email} is the e-mail of ${match.name}, a client already: this enquiry is linked to that client.`
            : `No client has the e-mail ${enquiry.email}: a new client, ${enquiry.name}, is made from this enquiry.`}
        </p>
        {convert.isError ? (
          <Alert>
            {errorMessage(convert.error, 'The enquiry could not be converted. Please try again.')}
          </Alert>
        ) : null}
        <Actions>
          <Button
            disabled={convert.isPending}
            onClick={() => convert.mutate(enquiry.id, { onSuccess: () => setConfirming(false) })}
          >
            {convert.isPending ? 'Converting...' : match ? `Link to ${match.name}` : 'Create the client'}
          </Button>
        </Actions>
      </Modal>
    </>
  );
}

function CloseButton({ enquiry }: { enquiry: EnquiryDetail }) {
  const close = useCloseEnquiry();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          close.reset();
          setConfirming(true);
        }}
      >
        Close
      </Button>
      <Modal
        open={confirming}
        title="Close this enquiry?"
        closeLabel="Cancel"
        returnFocus="heading"
        onClose={() => setConfirming(false)}
      >
        <p>
          It leaves the new and open lists and cannot be answered from here any more. Close it when nothing
          more is to be done.
        </p>
        {close.isError ? (
          <Alert>{errorMessage(close.error, 'The enquiry could not be closed. Please try again.')}</Alert>
        ) : null}
        <Actions>
          <Button
            variant="danger"
            disabled={close.isPending}
            onClick={() => close.mutate(enquiry.id, { onSuccess: () => setConfirming(false) })}
          >
            {close.isPending ? 'Closing...' : 'Close the enquiry'}
          </Button>
        </Actions>
      </Modal>
    </>
  );
}

/**
 * /online/enquiries/:id (issue 24 item 2): what the person asked and about which item, how to reach them, the
 * client it is (or would be) linked to, the replies sent and how each went; Reply, Convert to client, Close.
 */
export function EnquiryPage() {
  const id = useRecordId();
  const enquiry = useEnquiry(id);
  const { shop } = useAuth();
  const data = enquiry.data;
  usePageTitle(data ? `Enquiry from ${data.name}` : 'Enquiry');

  if (!data) {
    return (
      <>
        <PageHeader title="Enquiry" />
        <RecordPending
          id={id}
          query={enquiry}
          notFound={
            <>
              No such enquiry in this shop. <Back />
            </>
          }
          failed="Failed to load the enquiry."
          loading="Loading the enquiry..."
        />
      </>
    );
  }

  const when = (at: string) => formatMoment(at, shop?.time_zone);
  const closed = data.status === 'closed';
  const canConvert = !closed && data.client === null;

  return (
    <>
      <PageHeader
        title={`Enquiry from ${data.name}`}
        actions={
          closed ? null : (
            <Actions>
              {canConvert && data.email ? <ConvertButton enquiry={data} /> : null}
              <CloseButton enquiry={data} />
            </Actions>
          )
        }
      />
      <Card>
        <Facts>
          <dt>Status</dt>
          <dd>{ENQUIRY_STATUS_LABELS[data.status]}</dd>
          <dt>Received</dt>
          <dd>{when(data.createdAt)}</dd>
          <dt>About</dt>
          <dd>
            <ItemFact enquiry={data} />
          </dd>
          <dt>Name</dt>
          <dd>{data.name}</dd>
          <dt>E-mail</dt>
          <dd>{data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : '—'}</dd>
          <dt>Phone</dt>
          <dd>{data.phone ? <a href={`tel:${data.phone.replace(/\s+/g, '')}`}>{data.phone}</a> : '—'}</dd>
          <dt>Client</dt>
          <dd>
            {data.client ? (
              <Link to={clientPath(data.client.id)}>{data.client.name}</Link>
            ) : data.matchedClient ? (
              <>
                Not linked yet · same e-mail as{' '}
                <Link to={clientPath(data.matchedClient.id)}>{data.matchedClient.name}</Link>
              </>
            ) : (
              'Not a client yet'
            )}
          </dd>
          <dt>Consent</dt>
          <dd>Agreed to be contacted about this enquiry, {when(data.consentAt)}</dd>
          {data.closedAt ? (
            <>
              <dt>Closed</dt>
              <dd>{when(data.closedAt)}</dd>
            </>
          ) : null}
        </Facts>
        {canConvert && !data.email ? <Alert tone="info">{ENQUIRY_MESSAGES.noEmailToConvert}</Alert> : null}
        <H2>Message</H2>
        <Text>{data.message}</Text>
      </Card>
      <Card>
        <RepliesSent enquiry={data} timeZone={shop?.time_zone} />
      </Card>
      {closed ? null : (
        <Card>
          {data.email ? (
            <ReplyForm key={data.id} enquiry={data} />
          ) : (
            <Alert tone="info">{ENQUIRY_MESSAGES.noEmailToReply}</Alert>
          )}
        </Card>
      )}
      <p>
        <Back />
      </p>
    </>
  );
}
