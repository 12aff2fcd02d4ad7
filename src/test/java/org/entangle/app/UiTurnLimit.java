package org.entangle.app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.entangle.app.shell.UiWatchdog;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;

/**
 * Watches the UI thread through each test ({@link UiWatchdog}), from the start of the toolkit (which it starts, when
 * no test has yet) until the test ends, and fails the test when a turn of the UI thread spent more than
 * {@link UiWatchdog#LONG_TURN_MILLIS} ms on the CPU. The UI thread's CPU time is what is bounded, not the wall-clock
 * delay: on a loaded machine a thread with little to do can wait long for a core, and the delay is printed for each
 * turn over the bound either way.
 */
public final class UiTurnLimit implements BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(UiTurnLimit.class);

    @Override
    public void beforeEach(ExtensionContext context) throws TimeoutException {
        FxToolkit.registerPrimaryStage();
        List<UiWatchdog.LongTurn> turns = new CopyOnWriteArrayList<>();
        context.getStore(NAMESPACE).put("turns", turns);
        context.getStore(NAMESPACE).put("watchdog", new UiWatchdog(UiWatchdog.LONG_TURN_MILLIS, turns::add));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterEach(ExtensionContext context) {
        context.getStore(NAMESPACE).get("watchdog", UiWatchdog.class).close();
        List<UiWatchdog.LongTurn> turns = context.getStore(NAMESPACE).get("turns", List.class);
        String name = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName();
        turns.forEach(turn -> System.out.println(name + ": " + turn.describe(12)));
        List<UiWatchdog.LongTurn> busy = turns.stream().filter(t -> t.cpuMillis() > UiWatchdog.LONG_TURN_MILLIS).toList();
        if (!busy.isEmpty()) {
            throw new AssertionError(name + ": a turn of the UI thread took " + busy.get(0).cpuMillis() + " ms of CPU (over "
                    + UiWatchdog.LONG_TURN_MILLIS + " ms): " + busy.get(0).describe(30));
        }
    }
}
