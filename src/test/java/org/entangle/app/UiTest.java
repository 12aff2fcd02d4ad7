package org.entangle.app;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.entangle.app.shell.UiWatchdog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A test that drives JavaFX controls (TestFX, headless under Monocle): tagged {@code ui}, so that a quick run of the
 * core leaves it out ({@code -DexcludedGroups=ui}), and watched by {@link UiTurnLimit}, which fails it when a turn of
 * the UI thread took longer than {@link UiWatchdog#LONG_TURN_MILLIS} ms while the test ran.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("ui")
@ExtendWith({ApplicationExtension.class, UiTurnLimit.class})
public @interface UiTest {
}
