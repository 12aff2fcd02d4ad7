package org.entangle.app.generalise;

import java.util.ArrayList;
import java.util.List;
import org.entangle.generalize.Verification;

/**
 * One row of the verify table: N, whether the program's network is a correct scan there, its size, depth and
 * non-empty steps ({@link Verification.Row}), and for the first failing N the checker's explanation.
 *
 * @param failure the explanation at the first failing N, empty on every other row
 */
public record VerificationRow(int n, boolean correct, int size, int depth, int steps, String failure) {

    /** The rows of {@code v}, the first failure's explanation on its row. */
    public static List<VerificationRow> of(Verification v) {
        List<VerificationRow> rows = new ArrayList<>();
        for (Verification.Row r : v.rows()) {
            String why = v.firstFailure().filter(f -> f.n() == r.n()).map(Verification.Failure::message).orElse("");
            rows.add(new VerificationRow(r.n(), r.correct(), r.size(), r.depth(), r.steps(), why));
        }
        return rows;
    }
}
