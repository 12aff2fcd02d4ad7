package org.entangle.app;

import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import org.testfx.util.WaitForAsyncUtils;

/** For UI tests: waits, as a user waits a few frames, until the parts the panels build in later turns ({@link Staged}) are built. */
public final class StagedParts {

    private StagedParts() {
    }

    /** The staged part ({@link Staged#part}) that holds {@code node}: its nearest ancestor with the style class {@code staged-part}. */
    public static Node holding(Node node) {
        Node part = node;
        while (part != null && !part.getStyleClass().contains("staged-part")) part = part.getParent();
        if (part == null) throw new AssertionError(node + " is in no staged part");
        return part;
    }

    /** Returns once no part waits to be built; fails after 10 s. */
    public static void awaitBuilt() {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !WaitForAsyncUtils.asyncFx(() -> Staged.pendingProperty().get()).get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the panels' parts were not built within 10 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
