import { Alert, Card, PageHeader, RetryAlert, Spinner, usePageTitle } from '@loupe/platform';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useChannels } from '../api/channels';
import { ChannelCard } from './channel-card';
import { ChannelItems } from './channel-items';
import { StorefrontSettings } from './storefront-settings';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h2`
  font-size: 1.15rem;
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

function Feeds() {
  const titleId = useId();
  const channels = useChannels();
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId}>Marketplace feeds</Title>
      <p>
        Give each marketplace its feed&apos;s address: it reads the items on the storefront from there
        (Chrono24 once a day). A sold, reserved or unlisted item leaves the feeds at once.
      </p>
      {channels.data ? (
        channels.data.results.length === 0 ? (
          <Alert tone="info">No feed is set up for this shop.</Alert>
        ) : (
          <Grid>
            {channels.data.results.map((channel) => (
              <ChannelCard key={channel.channel} channel={channel} />
            ))}
          </Grid>
        )
      ) : channels.error ? (
        <RetryAlert
          error={channels.error}
          what="Failed to load the feeds."
          onRetry={() => void channels.refetch()}
        />
      ) : (
        <Spinner label="Loading the feeds..." />
      )}
    </section>
  );
}

/**
 * /online/channels (issue 24 items 1 and 3; platinum and gold: manageListings, manageChannels): the storefront's
 * address and switch, each marketplace feed with its secret address, Rotate and its counts, and every item on
 * the storefront with whether each feed takes it and why not.
 */
export function ChannelsPage() {
  usePageTitle('Online Selling');
  return (
    <>
      <PageHeader title="Online Selling" actions={<Link to="/online/reports">Chrono24 sale reports</Link>} />
      <Card>
        <StorefrontSettings />
      </Card>
      <Card>
        <Feeds />
      </Card>
      <Card>
        <ChannelItems />
      </Card>
    </>
  );
}
