package org.entangle.lang;

import java.util.BitSet;

/** What a lane read from the pre-block state: scalar slots, x elements, and whether it asked for fan-out. */
final class ReadLog {

    final BitSet slots = new BitSet();
    final BitSet elements = new BitSet();
    boolean fanout;
}
