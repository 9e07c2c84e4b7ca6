import { FEED_CHANNEL_LABELS } from '@loupe/contracts';
import { Alert, Button, errorMessage, formatCount, formatMoment, Modal, useAuth } from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useRotateChannel, type MarketplaceChannel } from '../api/channels';
import { CopyField } from './copy-field';

const Box = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.05rem;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/**
 * One feed (Chrono24, Google Shopping): its secret address to give the marketplace, how many items are in it
 * and how many are kept out, and Rotate — after a confirmation, since the old address stops working at once.
 */
export function ChannelCard({ channel }: { channel: MarketplaceChannel }) {
  const titleId = useId();
  const { shop } = useAuth();
  const label = FEED_CHANNEL_LABELS[channel.channel];
  const rotate = useRotateChannel();
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState(false);

  const confirm = () =>
    rotate.mutate(channel.channel, {
      onSuccess: () => {
        setConfirming(false);
        setRotated(true);
      },
    });

  return (
    <Box aria-labelledby={titleId}>
      <Title id={titleId}>{label}</Title>
      {rotated ? (
        <Alert tone="success">New address made: give it to {label}; the old one no longer answers.</Alert>
      ) : null}
      {channel.feedUrl ? (
        <CopyField label={`${label} feed address`} value={channel.feedUrl} />
      ) : (
        <Muted>No address yet: give the storefront an address above first.</Muted>
      )}
      {!channel.live && channel.feedUrl ? (
        <Muted>The storefront is switched off, so this feed lists nothing until it is switched on.</Muted>
      ) : null}
      <p>
        {formatCount(channel.included)} in the feed · {formatCount(channel.excluded)} kept out
      </p>
      <Muted>Address made {formatMoment(channel.rotatedAt, shop?.time_zone)}.</Muted>
      <Row>
        <Button
          variant="danger"
          aria-label={`Rotate the ${label} feed address`}
          onClick={() => {
            rotate.reset();
            setConfirming(true);
          }}
        >
          Rotate
        </Button>
      </Row>
      <Modal
        open={confirming}
        title={`Rotate the ${label} feed address?`}
        closeLabel="Cancel"
        onClose={() => setConfirming(false)}
      >
        <p>
          The old address stops working at once: {label} finds nothing there at its next import until it is
          given the new one. Rotate when the address may have been seen by someone it was not meant for.
        </p>
        {rotate.isError ? (
          <Alert>{errorMessage(rotate.error, 'The address could not be rotated. Please try again.')}</Alert>
        ) : null}
        <Row>
          <Button variant="danger" onClick={confirm} disabled={rotate.isPending}>
            {rotate.isPending ? 'Rotating...' : 'Rotate the address'}
          </Button>
        </Row>
      </Modal>
    </Box>
  );
}
