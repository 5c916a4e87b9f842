import { Avatar, Button, Carousel, type CarouselRef, Grid } from 'antd';
import { type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../home/icons.tsx';

/** The team, in carousel order; the texts are under `aboutus.team.members.<id>`. */
export const TEAM_MEMBER_IDS = ['ana', 'marko', 'sofia', 'daniel', 'jelena', 'lucas', 'nina'] as const;

/** Avatar backgrounds dark enough for white initials (at least 6:1). */
const AVATAR_COLOURS = ['#0958d9', '#531dab', '#006d75', '#ad2102', '#874d00', '#135200', '#10239e'];

/** "Sofía Marín" → "SM". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

interface Member {
  id: string;
  name: string;
  role: string;
  bio: string;
}

/** One member's card: initials on a coloured disc, name, role and a short bio. */
function MemberCard({ member, colour }: { member: Member; colour: string }) {
  return (
    <div className="lm-member-slide">
      <div className="lm-card lm-member" data-testid={`team-member-${member.id}`}>
        <Avatar
          size={72}
          aria-hidden="true"
          style={{ backgroundColor: colour, color: '#fff', fontSize: 26, fontWeight: 600 }}
        >
          {initialsOf(member.name)}
        </Avatar>
        <h3>{member.name}</h3>
        <p className="lm-member-role">{member.role}</p>
        <p>{member.bio}</p>
      </div>
    </div>
  );
}

/** The previous and next buttons (named for screen readers) around the "3 / 7" position. */
function CarouselControls({
  carousel,
  position,
}: {
  carousel: RefObject<CarouselRef | null>;
  position: string;
}) {
  const { t } = useTranslation('public');
  const step = (direction: 'previous' | 'next', icon: 'left' | 'right') => (
    <Button
      shape="circle"
      size="large"
      aria-label={t(`aboutus.team.${direction}`)}
      icon={<LineIcon name={icon} size={20} />}
      onClick={() => (direction === 'previous' ? carousel.current?.prev() : carousel.current?.next())}
      data-testid={`team-${direction}`}
    />
  );
  return (
    <div className="lm-carousel-controls">
      {step('previous', 'left')}
      <span className="lm-carousel-position" aria-hidden="true">
        {position}
      </span>
      {step('next', 'right')}
    </div>
  );
}

/** The left and right arrow keys move the carousel while focus is inside it. */
function arrowKeys(carousel: RefObject<CarouselRef | null>) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      carousel.current?.prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      carousel.current?.next();
    }
  };
}

/**
 * The team carousel of /aboutus (public §2). Made usable without a mouse: the previous/next buttons
 * have accessible names and, once one has focus, the left and right arrow keys move the list too;
 * it never moves on its own, and a polite live region says who is now shown. The hidden slides are
 * `aria-hidden` (react-slick), so a screen reader reads only what is on screen. No extra tab stop:
 * the slides hold no controls, so focusing the list itself would add nothing.
 */
export function TeamCarousel() {
  const { t } = useTranslation('public');
  const screens = Grid.useBreakpoint();
  const perView = screens.lg ? 3 : screens.sm ? 2 : 1;
  const carousel = useRef<CarouselRef>(null);
  const [current, setCurrent] = useState(0);
  const [moved, setMoved] = useState(false);

  const members: Member[] = TEAM_MEMBER_IDS.map((id) => ({
    id,
    name: t(`aboutus.team.members.${id}.name`),
    role: t(`aboutus.team.members.${id}.role`),
    bio: t(`aboutus.team.members.${id}.bio`),
  }));
  const shown = Array.from(
    { length: Math.min(perView, members.length) },
    (_, i) => members[(current + i) % members.length].name,
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('aboutus.team.carousel')}
      onKeyDown={arrowKeys(carousel)}
      data-testid="team-carousel"
    >
      <div className="lm-carousel">
        <Carousel
          ref={carousel}
          dots={false}
          infinite
          slidesToShow={perView}
          slidesToScroll={1}
          accessibility={false}
          afterChange={(index) => {
            setCurrent(index);
            setMoved(true);
          }}
        >
          {members.map((member, index) => (
            <MemberCard
              key={member.id}
              member={member}
              colour={AVATAR_COLOURS[index % AVATAR_COLOURS.length]}
            />
          ))}
        </Carousel>
      </div>
      <CarouselControls carousel={carousel} position={`${current + 1} / ${members.length}`} />
      <p className="lm-carousel-hint">{t('aboutus.team.keyboardHint')}</p>
      <p className="lm-sr-only" aria-live="polite" data-testid="team-live">
        {moved ? t('aboutus.team.showing', { names: shown.join(', ') }) : ''}
      </p>
    </section>
  );
}
