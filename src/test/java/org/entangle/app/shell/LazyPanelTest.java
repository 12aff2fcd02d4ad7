package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/** A lazy panel is built when its tab is first selected, once, and put in its tab; not before. */
@UiTest
class LazyPanelTest {

    @Test
    void thePanelIsBuiltOnItsTabsFirstSelectionAndOnlyThen() throws Exception {
        AtomicInteger builds = new AtomicInteger();
        List<Object> seen = WaitForAsyncUtils.asyncFx(() -> {
            LazyPanel<Label> lazy = new LazyPanel<>("late", "Late", "A panel built late", () -> {
                builds.incrementAndGet();
                return new Label("built");
            });
            Tab first = new Tab("First");
            TabPane tabs = new TabPane(first, lazy.tab());
            Object before = lazy.tab().getContent();
            int buildsBefore = builds.get();
            tabs.getSelectionModel().select(lazy.tab());
            Object shown = lazy.tab().getContent();
            tabs.getSelectionModel().select(first);
            tabs.getSelectionModel().select(lazy.tab());
            return List.<Object>of(before == null ? "none" : before, buildsBefore, shown, lazy.get(), builds.get());
        }).get();
        assertEquals("none", seen.get(0), "content before the first selection");
        assertEquals(0, seen.get(1), "built before its tab was selected");
        assertSame(seen.get(2), seen.get(3), "the panel in the tab is the one built");
        assertEquals(1, seen.get(4), "built more than once");
    }
}
