package org.entangle.app.program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.StringProperty;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/**
 * The Templates menu's items: the talk's programs and Scan6 at the top, then one submenu per group of the
 * catalogue's programs ({@link ProgramTemplates}, once the view-model has read them); choosing one replaces the
 * editor's text.
 */
final class TemplateMenu {

    private TemplateMenu() {
    }

    static List<MenuItem> items(StringProperty text, List<ProgramTemplates.Template> templates) {
        Map<String, List<MenuItem>> groups = new LinkedHashMap<>();
        for (ProgramTemplates.Template t : templates) {
            MenuItem item = new MenuItem(t.title());
            item.setOnAction(e -> text.set(t.text()));
            groups.computeIfAbsent(t.group(), g -> new ArrayList<>()).add(item);
        }
        List<MenuItem> items = new ArrayList<>();
        for (Map.Entry<String, List<MenuItem>> group : groups.entrySet()) {
            if (items.isEmpty()) {
                items.addAll(group.getValue());
                items.add(new SeparatorMenuItem());
            } else {
                Menu menu = new Menu(group.getKey());
                menu.getItems().setAll(group.getValue());
                items.add(menu);
            }
        }
        return items;
    }
}
