import type { PageProps } from '@ssg/cli/site';
import { Countdown } from '../components/countdown.tsx';
import type { HomeData } from '../lib/page-data.ts';
import { HomeHero, HomeSections } from './home-sections.static.tsx';

/** The home page: static parts around the one interactive section, the countdown. */
export default function HomePage({ data }: PageProps<HomeData>) {
  return (
    <>
      <HomeHero data={data} />
      <div className="container">
        <Countdown
          eventName={data.countdown.eventName}
          eventDate={data.countdown.eventDate}
          subtitle={data.countdown.subtitle}
        />
      </div>
      <HomeSections data={data} />
    </>
  );
}
