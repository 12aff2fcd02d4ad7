package org.entangle.gpu.patterns;

import org.entangle.cuda.patterns.PatternRequest;

/** A pattern whose blocks take a fixed number of elements (the {@code tile} of the check sizes). */
public interface TiledPattern {

    /** Elements per block for the request's first configuration. */
    long tileItems(PatternRequest request);
}
