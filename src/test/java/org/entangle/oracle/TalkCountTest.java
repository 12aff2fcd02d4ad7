package org.entangle.oracle;
import org.entangle.work.CancellationToken;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * The reference count for the talk's program (Barman, Jain, Tung and Bodik): (N, steps, budget) = (8, 6, 16) has
 * 247,478,238 safe traces.
 */
@Tag("slow")
class TalkCountTest {

    @Test
    void theTalksProgramAtEightHasTheReferenceCount() throws Exception {
        String talk = Files.readString(Path.of("networks/talk-scan16.angel"));
        BigInteger count = new TraceCounter(Machine.of(Program.parse(talk), Map.of("N", 8)), new CancellationToken()).countAll();
        assertEquals(BigInteger.valueOf(247_478_238L), count);
    }
}
