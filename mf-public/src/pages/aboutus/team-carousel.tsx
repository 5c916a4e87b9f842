import { Avatar, Button, Carousel, type CarouselRef, Grid } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
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

  const members = TEAM_MEMBER_IDS.map((id) => ({
    id,
    name: t(`aboutus.team.members.${id}.name`),
    role: t(`aboutus.team.members.${id}.role`),
    bio: t(`aboutus.team.members.${id}.bio`),
  }));
  const shown = Array.from(
    { length: Math.min(perView, members.length) },
    (_, i) => members[(current + i) % members.length].name,
  );

  const previous = () => carousel.current?.prev();
  const next = () => carousel.current?.next();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('aboutus.team.carousel')}
      onKeyDown={onKeyDown}
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
            <div key={member.id} className="lm-member-slide">
              <div className="lm-card lm-member" data-testid={`team-member-${member.id}`}>
                <Avatar
                  size={72}
                  aria-hidden="true"
                  style={{
                    backgroundColor: AVATAR_COLOURS[index % AVATAR_COLOURS.length],
                    color: '#fff',
                    fontSize: 26,
                    fontWeight: 600,
                  }}
                >
                  {initialsOf(member.name)}
                </Avatar>
                <h3>{member.name}</h3>
                <p className="lm-member-role">{member.role}</p>
                <p>{member.bio}</p>
              </div>
            </div>
          ))}
        </Carousel>
      </div>
      <div className="lm-carousel-controls">
        <Button
          shape="circle"
          size="large"
          aria-label={t('aboutus.team.previous')}
          icon={<LineIcon name="left" size={20} />}
          onClick={previous}
          data-testid="team-previous"
        />
        <span className="lm-carousel-position" aria-hidden="true">
          {`${current + 1} / ${members.length}`}
        </span>
        <Button
          shape="circle"
          size="large"
          aria-label={t('aboutus.team.next')}
          icon={<LineIcon name="right" size={20} />}
          onClick={next}
          data-testid="team-next"
        />
      </div>
      <p className="lm-carousel-hint">{t('aboutus.team.keyboardHint')}</p>
      <p className="lm-sr-only" aria-live="polite" data-testid="team-live">
        {moved ? t('aboutus.team.showing', { names: shown.join(', ') }) : ''}
      </p>
    </section>
  );
}
