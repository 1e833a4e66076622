package org.sigflow.blocks.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The paced DMA waiter's estimate of the link ({@link PieceRate}, no GPU needed): it learns only from pieces that ran
 * back to back and were seen finishing, falls at once to a faster piece, rises by a tenth of the difference to a
 * slower one, and shrinks by 5 % when a sleep overshot (the piece was found already done).
 */
class PieceRateTest {
    @Test
    void learnsOnlyFromTimedBackToBackPieces() {
        PieceRate r = new PieceRate();
        assertEquals(0, r.expectNanos(1000), "nothing timed yet: poll at once");
        r.learn(true, false, 50.0); // the link was idle before it: its time says nothing of the link
        assertEquals(0, r.expectNanos(1000));
        r.learn(true, true, 20.0);
        assertEquals(20_000, r.expectNanos(1000));
    }

    @Test
    void fallsAtOnceRisesSlowlyShrinksAfterAnOvershoot() {
        PieceRate r = new PieceRate();
        r.learn(true, true, 20.0);
        r.learn(true, true, 10.0); // faster: taken as it is
        assertEquals(10_000, r.expectNanos(1000));
        r.learn(true, true, 30.0); // slower: 0.9 * 10 + 0.1 * 30 = 12
        assertEquals(12_000, r.expectNanos(1000));
        r.learn(false, true, 5.0); // found done after a sleep: 12 * 0.95 = 11.4, whatever it measured
        assertEquals(11_400, r.expectNanos(1000));
        r.learn(false, false, 5.0); // not back to back: no change
        assertEquals(11_400, r.expectNanos(1000));
    }
}
