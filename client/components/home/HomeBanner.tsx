import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { rememberVisitor, useVisitor } from '../../lib/visitor.ts';
import { WaitingListModal } from '../WaitingListModal.tsx';
import { track } from '../../lib/analytics.ts';

/** The banner auto-collapses this long after a first visit starts. */
export const BANNER_AUTO_COLLAPSE_MS = 1000;

/**
 * The pitch to clubs. Collapsible; on a first visit it shows
 * open, then collapses after a second and remembers that it was seen. Returning visitors
 * get it collapsed. Seen is a cookie (client/lib/visitor.ts), so the server draws it as the
 * browser will.
 */
export function HomeBanner() {
  const { bannerSeen } = useVisitor();
  const [expanded, setExpanded] = useState(!bannerSeen);
  const [demoOpen, setDemoOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const bodyId = useId();

  useEffect(() => {
    if (bannerSeen) return;
    timer.current = setTimeout(() => {
      setExpanded(false);
      rememberVisitor('bannerSeen');
    }, BANNER_AUTO_COLLAPSE_MS);
    return () => clearTimeout(timer.current);
    // Only as the banner first shows: seen later (by this timer) changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = () => {
    // A visitor who toggles first keeps control: no auto-collapse afterwards.
    clearTimeout(timer.current);
    rememberVisitor('bannerSeen');
    void track('banner_toggle', { state: expanded ? 'collapsed' : 'expanded' });
    setExpanded((open) => !open);
  };

  return (
    <section
      className={expanded ? 'home-banner is-expanded' : 'home-banner'}
      aria-labelledby={`${bodyId}-title`}
    >
      <div className="container">
        <div className="home-banner-head">
          <h2 id={`${bodyId}-title`} className="home-banner-title">
            Results live, straight from your timing system
          </h2>
          <button
            type="button"
            className="home-banner-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={toggle}
          >
            {expanded ? 'Collapse' : 'Expand'}
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M6 9l6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
        <div id={bodyId} className="home-banner-body" hidden={!expanded}>
          <p className="home-banner-lead">
            Rith publishes your results straight from the timing system to a live results page that
            athletes, coaches and families follow on their phones. We currently support
            finish-camera timing systems, with more timing systems on the way.
          </p>
          <h3 className="home-banner-subtitle">How it works</h3>
          <ol className="home-banner-steps">
            <li>
              <strong>Create your competition</strong> from your timetable spreadsheet.
            </li>
            <li>
              <strong>Upload the event-result spreadsheet</strong> and the photo-finish PDF: results
              are published instantly.
            </li>
          </ol>
          <div className="home-banner-actions">
            <button
              type="button"
              className="btn home-banner-cta"
              onClick={() => {
                void track('cta_click', { cta: 'book_demo' });
                setDemoOpen(true);
              }}
            >
              Book a Free Demo
            </button>
            <Link to="/pricing" className="home-banner-link">
              See pricing
            </Link>
          </div>
        </div>
      </div>
      <WaitingListModal open={demoOpen} onOpenChange={setDemoOpen} />
    </section>
  );
}
