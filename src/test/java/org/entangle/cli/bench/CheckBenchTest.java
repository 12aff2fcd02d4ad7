package org.entangle.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.entangle.cli.EntangleCli;
import org.junit.jupiter.api.Test;

/** {@code bench check} runs and reports (the speed target itself is measured by the command, not by a test). */
class CheckBenchTest {

    @Test
    void benchCheckReportsTheMedianAndTheTarget() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = EntangleCli.run(new PrintWriter(out), new PrintWriter(err),
                "bench", "check", "--n", "64", "--warmup-ms", "0", "--runs", "3");
        assertEquals(0, status, err.toString());
        assertTrue(out.toString().startsWith("kogge-stone n=64: 321 ops in 6 steps\n"), out.toString());
        assertTrue(out.toString().contains("median"), out.toString());
        assertTrue(out.toString().contains("target: under 50 ms at n = 4096"), out.toString());
    }
}
