package org.entangle.work;

import java.math.BigInteger;

/**
 * A snapshot of a running search for the UI and the CLI.
 *
 * @param statesExplored  interpreter states expanded so far
 * @param tracesFound     safe traces found (enumerated or sampled) so far
 * @param distinctFound   distinct networks (modulo schedule) so far, or −1 when not de-duplicating
 * @param ratePerSecond   traces per second since the start
 * @param estimatedTotal  the exact number of safe traces when known (after counting), else null
 * @param seconds         seconds since the start
 */
public record Progress(long statesExplored, long tracesFound, long distinctFound, double ratePerSecond,
                       BigInteger estimatedTotal, double seconds) {
}
